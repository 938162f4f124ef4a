import type { WithSlice } from '@reduxjs/toolkit';
import type { layoutsSlice } from './slice';
import { all, call, put, select, spawn, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type {
  LayoutDocument,
  LayoutDto,
  LayoutImageDto,
  LayoutSampleDto,
  PrintOutcome,
} from '@balcao/contract';
import { callApi, failingTo } from '../../api/call-api';
import { toApiError } from '../../api/api-error';
import { followPrintJob, handlePrintOutcome } from '../../app/printing/sagas';
import {
  layoutDocumentChosen,
  layoutImageUploaded,
  layoutImageUploadFailed,
  layoutImageUploadRequested,
  layoutLoaded,
  layoutLoadFailed,
  layoutNoEvent,
  layoutPrintTestFailed,
  layoutPrintTestJobUpdated,
  layoutPrintTestOpened,
  layoutPrintTestQueued,
  layoutPrintTestRequested,
  layoutRestored,
  layoutRestoreFailed,
  layoutRestoreRequested,
  layoutSaved,
  layoutSaveFailed,
  layoutSaveRequested,
  selectLayouts,
} from './slice';

const layoutUrl = (document: LayoutDocument) => `/api/layouts/${document}`;

function* chosenDocument(): SagaIterator<LayoutDocument> {
  const { document }: { document: LayoutDocument } = yield select(selectLayouts);
  return document;
}

/**
 * The page's load, and each change of document: GET /api/layouts/{document} and its sample. A
 * 404 is the selected event missing, which the page says in place of the editor.
 */
export function* loadLayoutPage(): SagaIterator {
  const document: LayoutDocument = yield call(chosenDocument);
  try {
    const [dto, sample]: [LayoutDto, LayoutSampleDto] = yield all([
      call(callApi<LayoutDto>, { url: layoutUrl(document) }),
      call(callApi<LayoutSampleDto>, { url: `${layoutUrl(document)}/sample` }),
    ]);
    yield put(layoutLoaded({ dto, sample }));
  } catch (thrown) {
    const error = toApiError(thrown);
    yield put(error.status === 404 ? layoutNoEvent(error.description) : layoutLoadFailed(error));
  }
}

/** PUT /api/layouts/{document} with the editor's layout. */
const saveLayout = failingTo(
  layoutSaveFailed,
  function* ({ payload }: ReturnType<typeof layoutSaveRequested>): SagaIterator {
    const document: LayoutDocument = yield call(chosenDocument);
    const dto: LayoutDto = yield call(callApi<LayoutDto>, {
      method: 'PUT',
      url: layoutUrl(document),
      data: payload,
    });
    yield put(layoutSaved(dto));
  },
);

/** DELETE /api/layouts/{document}: the event prints with the default again. */
const restoreLayout = failingTo(layoutRestoreFailed, function* (): SagaIterator {
  const document: LayoutDocument = yield call(chosenDocument);
  const dto: LayoutDto = yield call(callApi<LayoutDto>, {
    method: 'DELETE',
    url: layoutUrl(document),
  });
  yield put(layoutRestored(dto));
});

/**
 * POST /api/layouts/{document}/print-test with the unsaved layout: a file opens in this tab's
 * print dialog as every print does with no printer mapped; a queued job is followed until its
 * agent prints it.
 */
const printTest = failingTo(
  layoutPrintTestFailed,
  function* ({ payload }: ReturnType<typeof layoutPrintTestRequested>): SagaIterator {
    const document: LayoutDocument = yield call(chosenDocument);
    const outcome: PrintOutcome = yield call(callApi<PrintOutcome>, {
      method: 'POST',
      url: `${layoutUrl(document)}/print-test`,
      data: { layout: payload },
    });
    if ('jobId' in outcome) {
      yield put(layoutPrintTestQueued({ jobId: outcome.jobId, printer: outcome.printer }));
      yield spawn(
        followPrintJob,
        outcome.jobId,
        layoutPrintTestJobUpdated,
        (state: WithSlice<typeof layoutsSlice>) =>
          selectLayouts(state).printJob?.jobId === outcome.jobId,
      );
      return;
    }
    yield call(handlePrintOutcome, outcome);
    yield put(layoutPrintTestOpened());
  },
);

/** POST /api/layouts/images: a PNG, JPEG or SVG (or a PDF, for a background) of the event. */
const uploadImage = failingTo(
  layoutImageUploadFailed,
  function* ({ payload }: ReturnType<typeof layoutImageUploadRequested>): SagaIterator {
    const image: LayoutImageDto = yield call(callApi<LayoutImageDto>, {
      method: 'POST',
      url: '/api/layouts/images',
      data: { dataUrl: payload.dataUrl },
    });
    yield put(layoutImageUploaded({ requestId: payload.requestId, image }));
  },
);

export function* layoutsSaga(): SagaIterator {
  yield all([
    takeLatest(layoutDocumentChosen.type, loadLayoutPage),
    takeLeading(layoutSaveRequested.type, saveLayout),
    takeLeading(layoutRestoreRequested.type, restoreLayout),
    takeLeading(layoutPrintTestRequested.type, printTest),
    takeLeading(layoutImageUploadRequested.type, uploadImage),
  ]);
}
