import { useEffect, useMemo, useRef, useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import Nav from 'react-bootstrap/Nav';
import { menuGroupsFor, type AdminPage, type MenuGroup, type MenuItem } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import {
  pageRequested,
  selectPageLoading,
  selectUnsavedWork,
  unsavedWorkChanged,
} from '../navigation/slice';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { logoutRequested, selectAdminPage, selectPermissions } from '../session/slice';
import { selectSetupPending } from '../setup/slice';

interface MenuLinkProps {
  page: AdminPage;
  label: string;
  title?: string;
  current: AdminPage | null;
  loading: boolean;
  /** Opens the page (after asking, when the open one holds unsaved work). */
  onRequest: (page: AdminPage) => void;
}

function MenuLink({ page, label, title, current, loading, onRequest }: MenuLinkProps) {
  const active = page === current;
  const ref = useRef<HTMLButtonElement>(null);
  // The admin menu is longer than a desk screen: keep the open page's item in sight.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <Nav.Item as="li">
      <Nav.Link
        as="button"
        type="button"
        ref={ref}
        title={title}
        active={active}
        aria-current={active ? 'page' : undefined}
        aria-disabled={loading || undefined}
        onClick={() => onRequest(page)}
      >
        {label}
      </Nav.Link>
    </Nav.Item>
  );
}

/** A heading that opens and closes its items. */
function MenuSection(props: {
  group: MenuGroup;
  items: readonly MenuItem[];
  open: boolean;
  onToggle: () => void;
  current: AdminPage | null;
  loading: boolean;
  onRequest: (page: AdminPage) => void;
}) {
  const { group, items, open, onToggle, current, loading, onRequest } = props;
  const id = `menu-group-${group}`;
  return (
    <li className="app-menu-group">
      <button
        type="button"
        className="app-menu-heading"
        aria-expanded={open}
        aria-controls={id}
        // 'Grupo …': the headings Credenciamento, Loja and Cupons are also item labels.
        aria-label={`Grupo ${group}`}
        onClick={onToggle}
      >
        {group}
        <span className="app-menu-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      <Collapse in={open}>
        <div id={id}>
          <Nav variant="pills" className="flex-column pb-1" as="ul">
            {items.map((item) => (
              <MenuLink
                key={item.page}
                page={item.page}
                label={item.label}
                title={item.title}
                current={current}
                loading={loading}
                onRequest={onRequest}
              />
            ))}
          </Nav>
        </div>
      </Collapse>
    </li>
  );
}

/**
 * The left menu: SPEC.md section 2's items the user may see under collapsible headings, then
 * 'Sair'. The open group is the current page's; a heading click opens another until the next page.
 */
export function SideMenu({ onChoose }: { onChoose?: () => void }) {
  const dispatch = useAppDispatch();
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const current = useAppSelector(selectAdminPage);
  const loading = useAppSelector(selectPageLoading);
  const setupPending = useAppSelector(selectSetupPending);
  // While required steps are missing, 'Primeiros passos' sits atop the menu instead of its group.
  const groups = useMemo(
    () =>
      menuGroupsFor(permissions, mode)
        .map(({ group, items }) => ({
          group,
          items: setupPending ? items.filter((item) => item.page !== 'SETUP') : items,
        }))
        .filter(({ items }) => items.length > 0),
    [permissions, mode, setupPending],
  );
  const currentGroup =
    groups.find(({ items }) => items.some((item) => item.page === current))?.group ?? null;
  const [choice, setChoice] = useState<{ on: AdminPage | null; group: MenuGroup | null }>();
  const openGroup = choice && choice.on === current ? choice.group : currentGroup;
  const unsaved = useAppSelector(selectUnsavedWork);
  // Where the person asked to go while the open page held unsaved work: asked before it is lost.
  const [leaving, setLeaving] = useState<AdminPage | 'logout' | null>(null);
  const go = (target: AdminPage | 'logout') => {
    onChoose?.();
    dispatch(target === 'logout' ? logoutRequested() : pageRequested(target));
  };
  const request = (target: AdminPage | 'logout') => {
    if (unsaved) setLeaving(target);
    else go(target);
  };

  return (
    <nav className="app-sidebar" aria-label="Menu principal">
      <ul className="app-menu list-unstyled mb-0">
        {setupPending && (
          <li className="mb-2 pb-2 border-bottom">
            <Nav variant="pills" className="flex-column" as="ul">
              <MenuLink
                page="SETUP"
                label="Primeiros passos"
                current={current}
                loading={loading}
                onRequest={request}
              />
            </Nav>
          </li>
        )}
        {groups.map(({ group, items }) => (
          <MenuSection
            key={group}
            group={group}
            items={items}
            open={group === openGroup}
            onToggle={() => setChoice({ on: current, group: group === openGroup ? null : group })}
            current={current}
            loading={loading}
            onRequest={request}
          />
        ))}
      </ul>
      <Nav variant="pills" className="flex-column app-menu-logout" as="ul">
        <Nav.Item as="li">
          <Nav.Link as="button" type="button" onClick={() => request('logout')}>
            Sair
          </Nav.Link>
        </Nav.Item>
      </Nav>
      <ConfirmDialog
        show={leaving !== null}
        title="Descartar alterações?"
        text={`${unsaved ?? 'Esta página'} tem alterações não salvas, que serão perdidas.`}
        confirmLabel="Descartar e sair"
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const target = leaving;
          setLeaving(null);
          dispatch(unsavedWorkChanged(null));
          if (target) go(target);
        }}
      />
    </nav>
  );
}
