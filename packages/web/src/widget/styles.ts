/** The widget's styles, inside its shadow root so the host page's CSS and ours never mix. */
export const WIDGET_CSS = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.bubble { position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
  background: var(--sb-color); color: #fff; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); z-index: 2147483000;
  display: flex; align-items: center; justify-content: center; }
.bubble svg { width: 28px; height: 28px; fill: currentColor; }
.dot { position: absolute; top: 4px; right: 4px; width: 12px; height: 12px; border-radius: 50%; background: #e53935; border: 2px solid #fff; }
.panel { position: fixed; right: 20px; bottom: 88px; width: 360px; max-width: calc(100vw - 40px); height: 520px;
  max-height: calc(100vh - 120px); background: #fff; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.3);
  display: flex; flex-direction: column; overflow: hidden; z-index: 2147483000; color: #222; font-size: 14px; }
.panel[hidden] { display: none; }
.head { background: var(--sb-color); color: #fff; padding: 14px 16px; display: flex; align-items: center; justify-content: space-between; font-weight: 600; }
.head button { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; }
.list { flex: 1; overflow-y: auto; padding: 12px; background: #f5f5f5; display: flex; flex-direction: column; gap: 6px; }
.empty { color: #777; text-align: center; margin: auto 0; padding: 0 16px; }
.msg { max-width: 80%; padding: 8px 10px; border-radius: 10px; white-space: pre-wrap; word-wrap: break-word; line-height: 1.35; }
.msg.them { align-self: flex-start; background: #fff; border: 1px solid #e0e0e0; }
.msg.me { align-self: flex-end; background: var(--sb-color); color: #fff; }
.msg.pending { opacity: .6; }
.msg.failed { background: #c62828; cursor: pointer; }
.msg .text + .note, .msg img + .text, .msg button.file + .text { margin-top: 4px; }
.msg button.file { display: block; text-align: left; }
.msg code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .92em; }
.msg img { display: block; max-width: 100%; border-radius: 6px; margin-bottom: 4px; }
.msg a, .msg button.file { color: inherit; text-decoration: underline; background: none; border: 0; padding: 0; cursor: pointer; font: inherit; }
.note { font-size: 12px; opacity: .85; margin-top: 2px; }
.form, .compose { border-top: 1px solid #e0e0e0; padding: 10px; display: flex; gap: 8px; background: #fff; }
.form { flex-direction: column; }
.form p { margin: 0 0 4px; color: #555; }
input, textarea { border: 1px solid #ccc; border-radius: 8px; padding: 8px; font-size: 14px; color: #222; background: #fff; }
textarea { flex: 1; resize: none; height: 40px; }
.send, .start { background: var(--sb-color); color: #fff; border: 0; border-radius: 8px; padding: 0 14px; cursor: pointer; font-weight: 600; min-height: 40px; }
.attach { background: none; border: 0; cursor: pointer; color: #555; font-size: 20px; padding: 0 4px; }
.error { color: #c62828; font-size: 12px; margin: 0; }
.status { padding: 8px 12px; background: #fff3e0; color: #8a4b00; font-size: 12px; }
`;
