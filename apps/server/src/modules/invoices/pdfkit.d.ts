// pdfkit ships no types: the few calls the invoice PDF makes.
declare module 'pdfkit' {
  type TextOptions = { width?: number; align?: 'left' | 'right' | 'center' | 'justify'; lineBreak?: boolean };
  class PDFDocument {
    constructor(options?: {
      size?: string;
      margin?: number;
      info?: Record<string, string>;
      compress?: boolean;
    });
    y: number;
    x: number;
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    font(name: string): this;
    registerFont(name: string, src: Buffer): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    text(text: string, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    image(
      src: Buffer,
      x: number,
      y: number,
      options?: { fit?: [number, number]; width?: number; align?: string; valign?: string },
    ): this;
    rect(x: number, y: number, w: number, h: number): this;
    fill(color?: string): this;
    addPage(): this;
    end(): void;
  }
  export default PDFDocument;
}
