import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NOT_REGISTERED_MESSAGE, withCheckDigits } from '@balcao/contract';
import { renderPage } from '../../testing/render';
import { server } from '../../testing/server';
import { eventDto } from '../../testing/fixtures';
import { applyUpdateBetweenGuests } from './sagas';
import { updateReady } from './slice';

const event = eventDto({ id: 1, linkCourseware: false });
const cpf = withCheckDigits('529982247');

describe('a new version', () => {
  it('takes over only between two guests at the desk', async () => {
    server.use(
      http.get('/api/events/selected', () => HttpResponse.json(event)),
      http.get('/api/subscriptions/participant/check', ({ request }) =>
        new URL(request.url).searchParams.get('cpf') !== cpf
          ? HttpResponse.json(
              { error: 'not_found', error_description: NOT_REGISTERED_MESSAGE },
              { status: 404 },
            )
          : HttpResponse.json({
              status: 'WITHOUT_BADGE',
              participant: {
                id: 1,
                eventId: 1,
                cpf,
                name: 'Rita Moura',
                usualName: null,
                email: null,
                telefone: null,
                pacote: null,
                consultor: null,
                status: 'OK',
                statusOriginal: null,
                center: null,
                business: null,
                badge: false,
                coursewareId: null,
                coursewareSerial: null,
                badgePrintCount: 0,
                accreditedAt: null,
                dateCreated: '2025-01-02T13:04:05.000Z',
                dateUpdated: '2025-01-02T13:04:05.000Z',
              },
              event: { id: 1, name: event.name, linkCourseware: false },
            }),
      ),
    );
    const { store, user } = await renderPage('SUBSCRIPTION', { permissions: ['Subscription'] });
    const activate = vi.fn(() => Promise.resolve());
    store.runSaga(applyUpdateBetweenGuests, activate);

    await user.type(screen.getByLabelText('CPF'), `${cpf}{Enter}`);
    await screen.findByText('Rita Moura');
    act(() => {
      store.dispatch(updateReady());
    });
    // A guest on screen: the desk is not reloaded under the clerk.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(activate).not.toHaveBeenCalled();

    // The next CPF is not in the event: the desk is clear for the next guest, and now it may.
    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), `${withCheckDigits('111444777')}{Enter}`);
    await screen.findByText(NOT_REGISTERED_MESSAGE);
    await waitFor(() => expect(activate).toHaveBeenCalledTimes(1));
  });
});
