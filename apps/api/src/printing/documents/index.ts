export { BADGE_SIZE_MM, renderBadge, type BadgeInput } from './badge.ts';
export {
  COURSEWARE_LABEL_SIZE_MM,
  renderCoursewareLabel,
  renderCoursewareLabels,
  type CoursewareLabelInput,
} from './courseware-label.ts';
export {
  TAG_SHEET_SIZE_MM,
  TAG_SIZE_MM,
  renderProductTagSheets,
  type ProductTagInput,
  type ProductTagSheetsInput,
} from './product-tags.ts';
export { COUPON_SIZE_MM, renderCoupon, renderCoupons, type CouponInput } from './coupon.ts';
export {
  RECEIPT_WIDTH_MM,
  receiptLineTotal,
  renderDeliveryReceipt,
  renderPaymentReceipt,
  type DeliveryReceiptInput,
  type PaymentReceiptInput,
  type ReceiptInput,
  type ReceiptItem,
  type ReceiptPayment,
} from './receipts.ts';
export {
  renderDrawerReceipt,
  type DrawerReceiptInput,
  type DrawerReceiptLine,
} from './drawer-receipt.ts';
export { printable, renderLayoutPages, type PrintableLayout } from './pdf.ts';
export { preparePictures, SVG_EMBEDDED_IMAGE, type LayoutPicture } from './pictures.ts';
export { firstPageView } from './pdf-background.ts';
export { PASS_PAGE_MM, renderPassPdf, type PassPdfInput } from './pass.ts';
