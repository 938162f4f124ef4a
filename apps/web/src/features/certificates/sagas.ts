import { all, call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import {
  CERTIFICATE_PATHS,
  type CertificateDto,
  type CertificateEligibilityDto,
  type CertificateIssueJobDto,
  type CertificateListDto,
  type CertificateRuleDto,
  type CertificateSendingDto,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { downloadBlob } from '../../ui/download';
import {
  batchUpdated,
  downloadFailed,
  downloadFinished,
  emailFailed,
  emailRequested,
  emailRetryRequested,
  eventChosen,
  eventLoaded,
  eventLoadFailed,
  issueFailed,
  issueRequested,
  jobUpdated,
  pdfRequested,
  revoked,
  revokeFailed,
  revokeRequested,
  ruleSaved,
  ruleSaveFailed,
  ruleSaveRequested,
  selectCertificates,
  zipRequested,
  type CertificatesState,
} from './slice';

/** How often a running issue or sending is polled for its progress. */
export const CERTIFICATES_POLL_MS = 1000;

function* shownEventId(): SagaIterator<number | null> {
  const { eventId }: CertificatesState = yield select(selectCertificates);
  return eventId;
}

/**
 * The rule and what was issued, then who earns one under the saved rule (the server answers that
 * only once a rule is saved): read together, shown together.
 */
function* loadEvent(eventId: number): SagaIterator {
  const [rule, list]: [CertificateRuleDto, CertificateListDto] = yield all([
    call(callApi<CertificateRuleDto>, { url: CERTIFICATE_PATHS.rule(eventId) }),
    call(callApi<CertificateListDto>, { url: CERTIFICATE_PATHS.list(eventId) }),
  ]);
  const eligibility: CertificateEligibilityDto | null = rule.saved
    ? yield call(callApi<CertificateEligibilityDto>, {
        url: CERTIFICATE_PATHS.eligibility(eventId),
      })
    : null;
  // The page moved to another event meanwhile: this answer is not about it.
  if ((yield call(shownEventId)) !== eventId) return;
  yield put(eventLoaded({ rule, eligibility, certificates: list.certificates }));
}

const load = failingTo(
  eventLoadFailed,
  function* ({ payload }: ReturnType<typeof eventChosen>): SagaIterator {
    yield call(loadEvent, payload);
  },
);

const saveRule = failingTo(
  ruleSaveFailed,
  function* ({ payload }: ReturnType<typeof ruleSaveRequested>): SagaIterator {
    const eventId: number | null = yield call(shownEventId);
    if (eventId === null) return;
    const rule: CertificateRuleDto = yield call(callApi<CertificateRuleDto>, {
      method: 'PUT',
      url: CERTIFICATE_PATHS.rule(eventId),
      data: payload,
    });
    yield put(ruleSaved(rule));
    // Another rule, other people earning one.
    yield put(eventChosen(eventId));
  },
);

/** Follows an issue until every participant has a result, then shows the event as it now is. */
const issue = failingTo(issueFailed, function* (): SagaIterator {
  const eventId: number | null = yield call(shownEventId);
  if (eventId === null) return;
  let job: CertificateIssueJobDto = yield call(callApi<CertificateIssueJobDto>, {
    method: 'POST',
    url: CERTIFICATE_PATHS.issue(eventId),
  });
  yield put(jobUpdated(job));
  while (!job.done) {
    yield delay(CERTIFICATES_POLL_MS);
    job = yield call(callApi<CertificateIssueJobDto>, { url: CERTIFICATE_PATHS.job(job.id) });
    yield put(jobUpdated(job));
  }
  yield put(eventChosen(eventId));
});

/** Follows a sending until every recipient has a result, then the list's 'E-mail' column. */
function* followSending(sending: CertificateSendingDto): SagaIterator {
  yield put(batchUpdated(sending));
  let current = sending;
  while (!current.done) {
    yield delay(CERTIFICATES_POLL_MS);
    current = yield call(callApi<CertificateSendingDto>, {
      url: CERTIFICATE_PATHS.sending(current.id),
    });
    yield put(batchUpdated(current));
  }
  const eventId: number | null = yield call(shownEventId);
  if (eventId !== null) yield put(eventChosen(eventId));
}

const sendEmails = failingTo(emailFailed, function* (): SagaIterator {
  const eventId: number | null = yield call(shownEventId);
  if (eventId === null) return;
  const sending: CertificateSendingDto = yield call(callApi<CertificateSendingDto>, {
    method: 'POST',
    url: CERTIFICATE_PATHS.email(eventId),
    data: {},
  });
  yield call(followSending, sending);
});

const retryEmails = failingTo(emailFailed, function* (): SagaIterator {
  const { batch: shown }: CertificatesState = yield select(selectCertificates);
  if (!shown) return;
  const sending: CertificateSendingDto = yield call(callApi<CertificateSendingDto>, {
    method: 'POST',
    url: CERTIFICATE_PATHS.resend(shown.id),
  });
  yield call(followSending, sending);
});

const revoke = failingTo(
  revokeFailed,
  function* ({ payload }: ReturnType<typeof revokeRequested>): SagaIterator {
    const certificate: CertificateDto = yield call(callApi<CertificateDto>, {
      method: 'POST',
      url: CERTIFICATE_PATHS.revoke(payload.code),
      data: { reason: payload.reason },
    });
    yield put(revoked(certificate));
  },
);

function* download(url: string, fileName: string, type: string): SagaIterator {
  const bytes: ArrayBuffer = yield call(callApi<ArrayBuffer>, { url, responseType: 'arraybuffer' });
  yield call(downloadBlob, fileName, new Blob([bytes], { type }));
  yield put(downloadFinished());
}

const downloadPdf = failingTo(
  downloadFailed,
  function* ({ payload: code }: ReturnType<typeof pdfRequested>): SagaIterator {
    yield call(download, CERTIFICATE_PATHS.pdf(code), `certificado-${code}.pdf`, 'application/pdf');
  },
);

const downloadZip = failingTo(downloadFailed, function* (): SagaIterator {
  const eventId: number | null = yield call(shownEventId);
  if (eventId === null) return;
  yield call(
    download,
    CERTIFICATE_PATHS.zip(eventId),
    `certificados-evento-${eventId}.zip`,
    'application/zip',
  );
});

export function* certificatesSaga(): SagaIterator {
  yield takeLatest(eventChosen.type, load);
  yield takeLeading(ruleSaveRequested.type, saveRule);
  yield takeLeading(issueRequested.type, issue);
  yield takeLatest(emailRequested.type, sendEmails);
  yield takeLatest(emailRetryRequested.type, retryEmails);
  yield takeLeading(revokeRequested.type, revoke);
  yield takeLeading(pdfRequested.type, downloadPdf);
  yield takeLeading(zipRequested.type, downloadZip);
}
