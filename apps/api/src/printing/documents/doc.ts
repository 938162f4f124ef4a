/** A pdfkit document being drawn: its own file, so the drawing helpers pdf.ts uses need not import pdf.ts. */
export type Doc = PDFKit.PDFDocument;
