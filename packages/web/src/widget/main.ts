/**
 * Entry of widget.js, the script a website embeds:
 *   <script src="https://<server>/widget.js" data-channel="<public key or id>" async></script>
 * The server is the script's own origin. The widget draws nothing when the channel refuses this
 * site (the connection's allowed sites) or cannot be reached.
 */
import { WidgetApi } from './api';
import { pickLocale, widgetText } from './i18n';
import { ChatWidget } from './widget';

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.channel) return current;
  return document.querySelector<HTMLScriptElement>('script[data-channel][src*="widget.js"]');
}

async function boot(): Promise<void> {
  const script = ownScript();
  const channel = script?.dataset.channel;
  if (!script || !channel) return;
  const api = new WidgetApi(new URL(script.src, location.href).origin, channel);
  const config = await api.config();
  const t = widgetText(pickLocale([script.dataset.lang, ...navigator.languages, navigator.language]));
  const start = () => new ChatWidget(api, channel, config, t);
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

boot().catch((err: unknown) => {
  // The host page's console is the only place to tell its developer why no bubble shows.
  console.warn('Switchboard chat widget not shown:', err);
});
