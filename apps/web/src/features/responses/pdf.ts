/**
 * The counter offer's PDF, made in the browser from the rendered schedule (the spec's constants: letter, portrait,
 * margins 15 mm, JPEG quality 0.98). jsPDF and html2canvas are loaded only when a PDF is made.
 */
export const PDF_OPTIONS = { format: 'letter', orientation: 'portrait', marginMm: 15, jpegQuality: 0.98 } as const;

/** Renders an element (already in the page, possibly off screen) to a paginated PDF. */
export async function elementToPdf(element: HTMLElement): Promise<Blob> {
  const [{ jsPDF }, { default: html2canvas }] = await Promise.all([import('jspdf'), import('html2canvas')]);
  const canvas = await html2canvas(element, { scale: 2, backgroundColor: '#ffffff', useCORS: true, logging: false });
  const pdf = new jsPDF({
    unit: 'mm',
    format: PDF_OPTIONS.format,
    orientation: PDF_OPTIONS.orientation,
    compress: true,
  });
  const margin = PDF_OPTIONS.marginMm;
  const width = pdf.internal.pageSize.getWidth() - 2 * margin;
  const height = pdf.internal.pageSize.getHeight() - 2 * margin;
  const pxPerMm = canvas.width / width;
  const pageHeightPx = Math.floor(height * pxPerMm);
  const page = document.createElement('canvas');
  page.width = canvas.width;
  const ctx = page.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  for (let top = 0, n = 0; top < canvas.height; top += pageHeightPx, n++) {
    const slice = Math.min(pageHeightPx, canvas.height - top);
    page.height = slice;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width, slice);
    ctx.drawImage(canvas, 0, top, canvas.width, slice, 0, 0, canvas.width, slice);
    if (n > 0) pdf.addPage();
    pdf.addImage(page.toDataURL('image/jpeg', PDF_OPTIONS.jpegQuality), 'JPEG', margin, margin, width, slice / pxPerMm);
  }
  return pdf.output('blob');
}

/** Waits until the browser has painted what React just rendered (two frames), and the fonts are ready. */
export async function afterPaint(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  await document.fonts?.ready;
}
