import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import {
  COUPON_STATE_LABELS,
  couponState,
  formatCouponCode,
  formatPercent,
  type CouponDto,
  type CouponState,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { actionColumn, column } from '../../ui/columns';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { formatEventDateTime } from '../../ui/formats';
import { RowButton } from '../../ui/row-button';
import { PageFrame } from '../../ui/page-frame';
import { CouponEventSelect } from './coupon-event-select';
import {
  couponInvalidateRequested,
  couponRemoveRequested,
  couponsRequested,
  selectCoupons,
} from './slice';
import './area';

const STATE_BADGES: Record<CouponState, string> = {
  available: 'success',
  used: 'primary',
  expired: 'secondary',
  invalidated: 'danger',
};

/** The state now (an available coupon may have expired since the list loaded). */
const stateOf = (coupon: CouponDto) => couponState(coupon, new Date());

type Pending = { action: 'remove' | 'invalidate'; coupon: CouponDto };

/**
 * 'Cupons' (Coupons): an event's coupons with their state; only remove and invalidate, and neither
 * for a used coupon (it stays on record as used: docs/coupons-api.md).
 */
export function CouponsPage() {
  const dispatch = useAppDispatch();
  const { coupons, couponsLoading } = useAppSelector(selectCoupons);
  const [pending, setPending] = useState<Pending | null>(null);

  const columns = useMemo(
    () => [
      column<CouponDto>({
        id: 'code',
        header: 'Código',
        text: (row) => formatCouponCode(row.code),
      }),
      column<CouponDto>({ id: 'template', header: 'Template', text: (row) => row.template.name }),
      column<CouponDto>({
        id: 'value',
        header: 'Porcentagem',
        text: (row) => formatPercent(row.value),
        sortValue: (row) => row.value,
      }),
      column<CouponDto>({
        id: 'expirationDate',
        header: 'Expiração',
        text: (row) => formatEventDateTime(row.expirationDate),
        sortValue: (row) => row.expirationDate,
      }),
      column<CouponDto>({
        id: 'state',
        header: 'Situação',
        text: (row) => COUPON_STATE_LABELS[stateOf(row)],
        cell: (row) => (
          <Badge bg={STATE_BADGES[stateOf(row)]}>{COUPON_STATE_LABELS[stateOf(row)]}</Badge>
        ),
      }),
      column<CouponDto>({
        id: 'usedOrderId',
        header: 'Pedido',
        text: (row) => (row.usedOrderId === null ? '' : String(row.usedOrderId)),
        sortValue: (row) => row.usedOrderId ?? 0,
      }),
      actionColumn<CouponDto>('actions', 'Ações', (row) => (
        <div className="d-flex flex-column align-items-start gap-1">
          {row.isValid && !row.isUsed && (
            <RowButton onClick={() => setPending({ action: 'invalidate', coupon: row })}>
              Invalidar
            </RowButton>
          )}
          {!row.isUsed && (
            <RowButton onClick={() => setPending({ action: 'remove', coupon: row })}>
              Remover
            </RowButton>
          )}
        </div>
      )),
    ],
    [],
  );

  const code = pending ? formatCouponCode(pending.coupon.code) : '';
  return (
    <PageFrame title="Cupons">
      <CouponEventSelect id="coupons-event" onChosen={() => dispatch(couponsRequested())} />
      <DataTable
        label="Cupons"
        columns={columns}
        data={coupons}
        getRowId={(row) => String(row.id)}
        loading={couponsLoading}
        defaultPageSize={100}
      />
      <ConfirmDialog
        show={pending !== null}
        title={pending?.action === 'invalidate' ? 'Invalidar cupom' : 'Remover cupom'}
        text={
          pending?.action === 'invalidate'
            ? `Deseja invalidar o cupom ${code}? Ele não poderá mais ser usado.`
            : 'Deseja remover este cupom?'
        }
        confirmLabel={pending?.action === 'invalidate' ? 'Invalidar' : 'Remover'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending)
            dispatch(
              pending.action === 'invalidate'
                ? couponInvalidateRequested(pending.coupon.id)
                : couponRemoveRequested(pending.coupon.id),
            );
          setPending(null);
        }}
      />
    </PageFrame>
  );
}
