import type { ComponentType } from 'react';
import { menuFor, type AdminPage, type AppMode } from '@balcao/contract';
import { PasswordPage } from '../password/password-page';
import { WebcamPage } from '../webcam/webcam-page';

/** The component of each admin page; pages not listed show a placeholder until built. */
export const PAGE_COMPONENTS: Partial<Record<AdminPage, ComponentType>> = {
  PASSWORD: PasswordPage,
  WEBCAM_CONFIG: WebcamPage,
};

const TITLES: Partial<Record<AdminPage, string>> = { PASSWORD: 'Alterar senha' };

/** The title of a page: its menu label as this user sees it ('Loja' included). */
export function pageTitle(page: AdminPage, permissions: readonly string[], mode: AppMode): string {
  return (
    TITLES[page] ?? menuFor(permissions, mode).find((item) => item.page === page)?.label ?? page
  );
}
