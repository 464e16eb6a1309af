import { langTag, type Lang } from '../../contract/api.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe in an HTML (or SVG) text node and in a quoted attribute: the server's one escape. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A small self-contained page for the server's own screens (sandbox and development). */
export function htmlPage(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${langTag(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>body{font-family:-apple-system,'PingFang SC','Noto Sans CJK SC',sans-serif;margin:0;padding:24px;background:#ededed;color:#1f1f1f;line-height:1.5}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}
h1{font-size:20px;margin:0 0 12px}button{min-height:44px;width:100%;border:0;border-radius:8px;background:#067a3c;color:#fff;font-size:17px;font-weight:600}
label{display:block;margin:12px 0 4px}input{width:100%;min-height:44px;font-size:16px;padding:0 10px;box-sizing:border-box}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;margin:0;font-family:inherit}</style></head><body><main>${body}</main></body></html>`;
}
