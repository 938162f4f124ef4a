/**
 * The users table's toolbar shows 'Redefinir autenticação em dois fatores': src/pages.tsx loads
 * this module with the Usuários page, and with it the TOTP area (app/slots.tsx).
 */
import { registerSlot } from '../../app/slots';
import { TotpResetButton } from './reset-button';

registerSlot('usersToolbar', TotpResetButton);
