import { customerFromScan } from '@balcao/contract';
import { useRef, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { CustomerFinder } from '../../../ui/customer-finder';
import { NoticeDialog } from '../../../ui/notice-dialog';
import { OrderListPanel, type OrderListPanelProps } from '../../../ui/order-list-panel';
import { useScanField } from '../../../ui/scan-field';
import type { Notice } from '../../../ui/notice-dialog';

export interface OrderDeskProps {
  /** The CPF input's id (one per desk: the combined screens show several). */
  finderId: string;
  cpf: string;
  onCpfChange: (digits: string) => void;
  /** Reload the whole list: the first digit typed and the panel's 30 s refresh. */
  onListRequested: () => void;
  /** A full CPF or a badge's participant id: find and select the customer's order. */
  onCustomerLookup: (customer: { cpf: string } | { participantId: string }) => void;
  list: Omit<OrderListPanelProps, 'cpfPrefix' | 'onRefresh'>;
  notice: Notice | null;
  onNoticeDismissed: () => void;
  /** The selected order's area (left column). */
  children: ReactNode;
  /** Under the order list (e.g. the cashier's drawer). */
  aside?: ReactNode;
}

/**
 * A desk working through orders (cashier, delivery): the selected order on the left; on the right
 * the shared customer finder (CPF or badge) over the shared order list. The CPF field is the
 * desk's scan field: after a notice or a click it has the focus again, ready for the next customer.
 */
export function OrderDesk(props: OrderDeskProps) {
  const cpfRef = useRef<HTMLInputElement>(null);
  useScanField(() => cpfRef.current);
  return (
    <div className="store-columns">
      <div>{props.children}</div>
      <div className="d-flex flex-column gap-3">
        <Card body>
          <CustomerFinder
            id={props.finderId}
            inputRef={cpfRef}
            value={props.cpf}
            onChange={props.onCpfChange}
            onLookup={(digits) =>
              digits.length === 1
                ? props.onListRequested()
                : props.onCustomerLookup({ cpf: digits })
            }
            onScan={(text) => props.onCustomerLookup(customerFromScan(text))}
          />
        </Card>
        <OrderListPanel {...props.list} cpfPrefix={props.cpf} onRefresh={props.onListRequested} />
        {props.aside}
      </div>
      <NoticeDialog notice={props.notice} onClose={props.onNoticeDismissed} />
    </div>
  );
}
