/**
 * The users table's toolbar shows 'Redefinir autenticação em dois fatores' and the accounts the
 * login limits hold with 'Desbloquear acesso': src/pages.tsx loads this module with the Usuários
 * page, and with it the TOTP area (app/slots.tsx).
 */
import { registerSlot } from '../../app/slots';
import { TotpResetButton } from './reset-button';
import { UnlockButton } from './unlock-button';

registerSlot('usersToolbar', TotpResetButton);
registerSlot('usersToolbar', UnlockButton);
