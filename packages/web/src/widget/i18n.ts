/**
 * The widget's own small dictionaries (the host page has no i18next, and the widget must stay
 * small). The language comes from the script tag's data-lang, else the visitor's browser.
 */
export const WIDGET_LOCALES = {
  en: {
    open: 'Chat with us',
    close: 'Close chat',
    placeholder: 'Write a message…',
    send: 'Send',
    attach: 'Attach a file',
    intro: 'Tell us who you are (optional) and start the conversation.',
    name: 'Your name',
    email: 'Your e-mail',
    start: 'Start chat',
    invalidEmail: 'This e-mail does not look right',
    empty: 'Send us a message, we will answer here.',
    sending: 'Sending…',
    failed: 'Not sent. Tap to try again.',
    download: 'Download',
    unavailable: 'The chat is unavailable right now. Please try again later.',
    deleted: 'Message deleted',
  },
  pt: {
    open: 'Fale conosco',
    close: 'Fechar conversa',
    placeholder: 'Escreva uma mensagem…',
    send: 'Enviar',
    attach: 'Anexar arquivo',
    intro: 'Diga quem você é (opcional) e comece a conversa.',
    name: 'Seu nome',
    email: 'Seu e-mail',
    start: 'Iniciar conversa',
    invalidEmail: 'Este e-mail não parece correto',
    empty: 'Envie uma mensagem, responderemos aqui.',
    sending: 'Enviando…',
    failed: 'Não enviada. Toque para tentar de novo.',
    download: 'Baixar',
    unavailable: 'A conversa está indisponível agora. Tente novamente mais tarde.',
    deleted: 'Mensagem apagada',
  },
  es: {
    open: 'Chatea con nosotros',
    close: 'Cerrar chat',
    placeholder: 'Escribe un mensaje…',
    send: 'Enviar',
    attach: 'Adjuntar archivo',
    intro: 'Dinos quién eres (opcional) y empieza la conversación.',
    name: 'Tu nombre',
    email: 'Tu correo electrónico',
    start: 'Iniciar chat',
    invalidEmail: 'Este correo no parece correcto',
    empty: 'Envíanos un mensaje, te responderemos aquí.',
    sending: 'Enviando…',
    failed: 'No enviado. Toca para intentarlo de nuevo.',
    download: 'Descargar',
    unavailable: 'El chat no está disponible ahora. Inténtalo más tarde.',
    deleted: 'Mensaje eliminado',
  },
} as const;

export type WidgetLocale = keyof typeof WIDGET_LOCALES;
export type WidgetText = Record<keyof (typeof WIDGET_LOCALES)['en'], string>;

/** The first of the wanted languages the widget speaks ('pt-BR' → pt); English otherwise. */
export function pickLocale(wanted: readonly (string | null | undefined)[]): WidgetLocale {
  for (const tag of wanted) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base && base in WIDGET_LOCALES) return base as WidgetLocale;
  }
  return 'en';
}

export function widgetText(locale: WidgetLocale): WidgetText {
  return WIDGET_LOCALES[locale];
}
