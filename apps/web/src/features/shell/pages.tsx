import type { ComponentType } from 'react';
import { menuFor, type AdminPage, type AppMode, type MenuItem } from '@balcao/contract';
import { AccreditationPage } from '../accreditation/accreditation-page';
import { ParticipantsListPage } from '../accreditation/participants-list-page';
import { AttendancePage } from '../attendance/attendance-page';
import { CoursewaresPage } from '../courseware/coursewares-page';
import { ExchangePage } from '../courseware/exchange-page';
import { ReturnPage } from '../courseware/return-page';
import { ImportParticipantsPage, ImportProductsPage } from '../imports/import-page';
import { ParticipantsPage } from '../participants/participants-page';
import { PasswordPage } from '../password/password-page';
import { PrintQueuePage } from '../printing/print-queue-page';
import {
  CheckoutDeliveryPage,
  CheckoutPage,
  StoreCheckoutDeliveryPage,
  StoreCheckoutPage,
  StorePage,
} from '../store/store-pages';
import { SetupPage } from '../setup/setup-page';
import { CentersPage } from '../tables/pages/centers';
import { CitiesPage } from '../tables/pages/cities';
import { CountriesPage } from '../tables/pages/countries';
import { CoursesPage } from '../tables/pages/courses';
import { EventsPage } from '../tables/pages/events';
import { PrintersPage } from '../tables/pages/printers';
import { ProductsPage } from '../tables/pages/products';
import { ProfilesPage } from '../tables/pages/profiles';
import { UsersPage } from '../tables/pages/users';
import { WebcamPage } from '../webcam/webcam-page';

/** The component of each admin page; pages not listed show a placeholder until built. */
export const PAGE_COMPONENTS: Partial<Record<AdminPage, ComponentType>> = {
  PASSWORD: PasswordPage,
  SETUP: SetupPage,
  WEBCAM_CONFIG: WebcamPage,
  COUNTRIES: CountriesPage,
  CITIES: CitiesPage,
  CENTERS: CentersPage,
  COURSES: CoursesPage,
  EVENTS: EventsPage,
  PROFILES: ProfilesPage,
  USERS: UsersPage,
  PRODUCTS: ProductsPage,
  PRINTERS: PrintersPage,
  PRINT_QUEUE: PrintQueuePage,
  SUBSCRIPTION: AccreditationPage,
  PARTICIPANTS_LIMITED: ParticipantsListPage,
  PARTICIPANTS: ParticipantsPage,
  COURSEWARES: CoursewaresPage,
  RETURN_COURSEWARE: ReturnPage,
  CHANGE_COURSEWARE: ExchangePage,
  ATTENDANCE: AttendancePage,
  IMPORT_PARTICIPANTS: ImportParticipantsPage,
  IMPORT_PRODUCTS: ImportProductsPage,
  STORE: StorePage,
  CHECKOUT: CheckoutPage,
  STORE_CHECKOUT: StoreCheckoutPage,
  CHECKOUT_DELIVERY: CheckoutDeliveryPage,
  STORE_CHECKOUT_DELIVERY: StoreCheckoutDeliveryPage,
};

const TITLES: Partial<Record<AdminPage, string>> = {
  PASSWORD: 'Alterar senha',
  SETUP: 'Primeiros passos',
};

const menuTitle = (item: MenuItem | undefined) => item && (item.title ?? item.label);

/** The title of a page: its menu label as this user sees it ('Loja' included), or its title. */
export function pageTitle(page: AdminPage, permissions: readonly string[], mode: AppMode): string {
  return (
    TITLES[page] ?? menuTitle(menuFor(permissions, mode).find((item) => item.page === page)) ?? page
  );
}
