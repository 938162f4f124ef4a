import { call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { EmailBatchDto, EmailPreviewDto, SmtpConfigDto } from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import {
  batchUpdated,
  previewFailed,
  previewLoaded,
  previewRequested,
  retryRequested,
  selectEmails,
  sendFailed,
  sendRequested,
  smtpLoaded,
  smtpLoadFailed,
  smtpSaved,
  smtpSaveFailed,
  smtpSaveRequested,
  type EmailsState,
} from './slice';

/** How often a running sending is polled for its progress. */
export const BATCH_POLL_MS = 1000;

/** GET /api/emails/smtp: the loader of 'Enviar e-mails'. */
export const loadSmtpConfig = failingTo(smtpLoadFailed, function* (): SagaIterator {
  const smtp: SmtpConfigDto = yield call(callApi<SmtpConfigDto>, { url: '/api/emails/smtp' });
  yield put(smtpLoaded(smtp));
});

const saveSmtp = failingTo(
  smtpSaveFailed,
  function* ({ payload }: ReturnType<typeof smtpSaveRequested>): SagaIterator {
    const smtp: SmtpConfigDto = yield call(callApi<SmtpConfigDto>, {
      method: 'POST',
      url: '/api/emails/smtp',
      data: payload,
    });
    yield put(smtpSaved(smtp));
  },
);

function* messageBody(): SagaIterator<object> {
  const { message }: EmailsState = yield select(selectEmails);
  return { ...message, eventId: message.eventId ?? 0 };
}

const preview = failingTo(previewFailed, function* (): SagaIterator {
  const data: object = yield call(messageBody);
  const answer: EmailPreviewDto = yield call(callApi<EmailPreviewDto>, {
    method: 'POST',
    url: '/api/emails/previa',
    data,
  });
  yield put(previewLoaded(answer));
});

/** Follows a sending until every recipient has a result. */
function* follow(batch: EmailBatchDto): SagaIterator {
  yield put(batchUpdated(batch));
  let current = batch;
  while (!current.done) {
    yield delay(BATCH_POLL_MS);
    current = yield call(callApi<EmailBatchDto>, { url: `/api/emails/envios/${current.id}` });
    yield put(batchUpdated(current));
  }
}

const send = failingTo(sendFailed, function* (): SagaIterator {
  const data: object = yield call(messageBody);
  const batch: EmailBatchDto = yield call(callApi<EmailBatchDto>, {
    method: 'POST',
    url: '/api/emails/envios',
    data,
  });
  yield call(follow, batch);
});

const retry = failingTo(sendFailed, function* (): SagaIterator {
  const { batch: shown }: EmailsState = yield select(selectEmails);
  if (!shown) return;
  const batch: EmailBatchDto = yield call(callApi<EmailBatchDto>, {
    method: 'POST',
    url: `/api/emails/envios/${shown.id}/reenviar`,
  });
  yield call(follow, batch);
});

export function* emailsSaga(): SagaIterator {
  yield takeLeading(smtpSaveRequested.type, saveSmtp);
  yield takeLatest(previewRequested.type, preview);
  yield takeLatest(sendRequested.type, send);
  yield takeLatest(retryRequested.type, retry);
}
