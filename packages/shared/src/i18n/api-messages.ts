/**
 * What the API's error codes and validation messages say to a person, in each language: one
 * dictionary for the web app (its i18n files use it) and the server (the `message` of an error
 * body, in the caller's language, for clients that show `message`).
 */
import type { ErrorCode } from '../errors.js';
import { INVALID_NUMBER } from '../schemas/contact.js';
import { MSG } from '../schemas/common.js';
import { TAG_MSG } from '../schemas/tag.js';
import { WEBHOOK_MSG } from '../schemas/webhook.js';
import { WEBCHAT_MSG } from '../schemas/webchat.js';

export const MESSAGE_LANGUAGES = ['pt', 'en', 'es'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Every error code, and ERR_NETWORK (the web's own: the server could not be reached). */
type ErrorMessages = Record<ErrorCode | 'ERR_NETWORK', string>;

/** The messages of the 409 answers for a name another record already has (server and web share them). */
export const NAME_TAKEN = {
  sector: 'A sector with this name already exists',
  tag: 'A tag with this name already exists',
  connection: 'A connection with this name already exists',
} as const;

export const VALIDATION_MESSAGES = {
  pt: {
    required: 'Obrigatório',
    tooShort: 'Mensagem muito curta',
    tooLong: 'Mensagem muito longa',
    invalidEmail: 'E-mail inválido',
    invalidTime: 'Horário inválido',
    invalidNumber: 'Número inválido',
    invalidColor: 'Cor inválida',
    invalidOption: 'Opção inválida',
    invalidTimeZone: 'Fuso horário inválido',
    invalidValue: 'Valor inválido',
    selectSector: 'Selecione uma fila',
    unknownSector: 'Setor desconhecido',
    noFilter: 'Parametrize o filtro',
    invalidUrl: 'Informe um endereço http(s).',
    chooseEvent: 'Escolha pelo menos um evento.',
    secretTooShort: 'O segredo precisa de pelo menos 16 caracteres.',
    invalidSite: "Informe um endereço como https://www.exemplo.com.br",
    sectorNameTaken: 'Já existe um setor com este nome.',
    tagNameTaken: 'Já existe uma tag com este nome.',
    connectionNameTaken: 'Já existe uma conexão com este nome.',
  },
  en: {
    required: 'Required',
    tooShort: 'Too Short!',
    tooLong: 'Too Long!',
    invalidEmail: 'Invalid email',
    invalidTime: 'Invalid time',
    invalidNumber: 'Invalid number',
    invalidColor: 'Invalid colour',
    invalidOption: 'Invalid option',
    invalidTimeZone: 'Invalid time zone',
    invalidValue: 'Invalid value',
    selectSector: 'Select a sector',
    unknownSector: 'Unknown sector',
    noFilter: 'Set up the filter',
    invalidUrl: 'Enter an http(s) address.',
    chooseEvent: 'Choose at least one event.',
    secretTooShort: 'The secret needs at least 16 characters.',
    invalidSite: "Enter a web address such as https://www.example.com",
    sectorNameTaken: 'A sector with this name already exists.',
    tagNameTaken: 'A tag with this name already exists.',
    connectionNameTaken: 'A connection with this name already exists.',
  },
  es: {
    required: 'Obligatorio',
    tooShort: '¡Demasiado corto!',
    tooLong: '¡Demasiado largo!',
    invalidEmail: 'Correo electrónico inválido',
    invalidTime: 'Hora inválida',
    invalidNumber: 'Número inválido',
    invalidColor: 'Color inválido',
    invalidOption: 'Opción inválida',
    invalidTimeZone: 'Zona horaria inválida',
    invalidValue: 'Valor inválido',
    selectSector: 'Seleccione un sector',
    unknownSector: 'Sector desconocido',
    noFilter: 'Configure el filtro',
    invalidUrl: 'Introduzca una dirección http(s).',
    chooseEvent: 'Elija al menos un evento.',
    secretTooShort: 'El secreto necesita al menos 16 caracteres.',
    invalidSite: "Indica una dirección como https://www.ejemplo.com",
    sectorNameTaken: 'Ya existe un sector con este nombre.',
    tagNameTaken: 'Ya existe una etiqueta con este nombre.',
    connectionNameTaken: 'Ya existe una conexión con este nombre.',
  },
} as const satisfies Record<MessageLanguage, Record<string, string>>;

export type ValidationKey = keyof (typeof VALIDATION_MESSAGES)['en'];

export const ERROR_MESSAGES: Record<MessageLanguage, ErrorMessages> = {
  pt: {
    ERR_NO_OTHER_WHATSAPP: 'Deve haver pelo menos uma conexão padrão.',
    ERR_NO_DEF_WAPP_FOUND: 'Nenhuma conexão padrão encontrada. Verifique a página de conexões.',
    ERR_WAPP_NOT_INITIALIZED: 'Esta conexão não foi inicializada. Verifique a página de conexões.',
    ERR_WAPP_CHECK_CONTACT: 'Não foi possível verificar o contato. Verifique a página de conexões.',
    ERR_WAPP_INVALID_CONTACT: 'Este não é um número válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Não foi possível baixar a mídia. Verifique a página de conexões.',
    ERR_INVALID_CREDENTIALS: 'Erro de autenticação. Por favor, tente novamente.',
    ERR_SENDING_WAPP_MSG: 'Erro ao enviar a mensagem. Verifique a página de conexões.',
    ERR_DELETE_WAPP_MSG: 'Não foi possível excluir a mensagem.',
    ERR_OTHER_OPEN_TICKET: 'Já existe um atendimento aberto para este contato.',
    ERR_SESSION_EXPIRED: 'Sessão expirada. Por favor, entre novamente.',
    ERR_USER_CREATION_DISABLED: 'A criação de usuários foi desabilitada pelo administrador.',
    ERR_NO_PERMISSION: 'Você não tem permissão para acessar este recurso.',
    ERR_DUPLICATED_CONTACT: 'Já existe um contato com este número.',
    ERR_NO_SETTING_FOUND: 'Nenhuma configuração encontrada com esta chave.',
    ERR_NO_CONTACT_FOUND: 'Nenhum contato encontrado com este ID.',
    ERR_NO_TICKET_FOUND: 'Nenhum atendimento encontrado com este ID.',
    ERR_NO_USER_FOUND: 'Nenhum usuário encontrado com este ID.',
    ERR_NO_WAPP_FOUND: 'Nenhuma conexão encontrada com este ID.',
    ERR_CREATING_MESSAGE: 'Erro ao criar a mensagem.',
    ERR_CREATING_TICKET: 'Erro ao criar o atendimento.',
    ERR_FETCH_WAPP_MSG: 'Erro ao buscar a mensagem. Talvez ela seja muito antiga.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Esta cor já está em uso, escolha outra.',
    ERR_WAPP_GREETING_REQUIRED: 'A mensagem de saudação é obrigatória quando há mais de um setor.',
    ERR_USER_CREATION_COUNT: 'O limite de atendentes foi atingido.',
    ERR_CONNECTION_CREATION_COUNT: 'O limite de conexões foi atingido.',
    ERR_NO_TAG_FOUND: 'Nenhuma tag encontrada com este ID.',
    ERR_OUT_OF_HOURS: 'Fora do horário de expediente.',
    ERR_MEDIA_TOO_LARGE: 'O arquivo é grande demais.',
    ERR_UPLOAD_TOO_LARGE: 'Arquivos demais ou grandes demais num só envio.',
    ERR_VALIDATION: 'Alguns campos são inválidos.',
    ERR_DUPLICATED_EMAIL: 'Já existe um usuário com este email.',
    ERR_LAST_ADMIN: 'O último administrador não pode ser removido nem rebaixado.',
    ERR_TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
    ERR_NOT_FOUND: 'Não encontrado.',
    ERR_INVALID_TOKEN: 'Sua sessão não é mais válida. Por favor, entre novamente.',
    ERR_INTERNAL: 'Erro interno do servidor. Tente novamente mais tarde.',
    ERR_IMPORT_RUNNING: 'Uma importação já está em andamento.',
    ERR_NETWORK: 'Não foi possível contatar o servidor. Verifique sua conexão.',
    ERR_PAIRING_CODE_INVALID: 'Nenhuma conexão espera este código neste número.',
    ERR_CLOUD_WINDOW_CLOSED: 'Mais de 24 horas desde a última mensagem do cliente: só um modelo aprovado pode ser enviado.',
    ERR_CLOUD_AUTH: 'A Meta recusou o token de acesso da conexão. Um administrador precisa atualizá-lo.',
    ERR_CLOUD_RATE_LIMIT: 'A Meta está limitando as mensagens no momento. Ela será reenviada automaticamente.',
    ERR_CLOUD_UNAVAILABLE: 'O WhatsApp ficou indisponível por um momento. Ela será reenviada automaticamente.',
    ERR_CLOUD_UNDELIVERABLE: 'O WhatsApp não conseguiu entregar a este cliente (sem conta no WhatsApp ou inalcançável).',
    ERR_CLOUD_MEDIA: 'O WhatsApp recusou o arquivo (tipo ou tamanho não aceito).',
    ERR_CLOUD_TEMPLATE: 'O modelo não existe, não está aprovado ou as variáveis não conferem.',
    ERR_CLOUD_ACCOUNT: 'A conta do WhatsApp Business está restrita (política, pagamento ou registro). Verifique na Meta.',
    ERR_CLOUD_INVALID: 'O WhatsApp recusou a mensagem como inválida.',
    ERR_CLOUD_NOT_CONFIGURED: 'A conta da Cloud API desta conexão não está configurada.',
    ERR_TICKET_CONFLICTING_UPDATE: 'O atendimento não pode fazer as duas coisas ao mesmo tempo: devolva-o à fila ou transfira-o para outro setor.',
    ERR_DATABASE_UNAVAILABLE: 'O sistema não consegue salvar alterações agora. Nada foi alterado; tente novamente em instantes.',
    ERR_DELIVERY_IN_PROGRESS: 'Esta entrega está sendo enviada agora; tente novamente em instantes.',
    ERR_QUOTED_MSG_NOT_FOUND: 'A mensagem citada não está nesta conversa. Nada foi enviado.',
    ERR_WEBHOOK_PRIVATE_TARGET: 'Este endereço está nesta máquina ou em uma rede privada; webhooks não são enviados para ele nesta instalação.',
    ERR_UPLOAD_QUOTA: 'O limite diário de arquivos enviados por este chat foi atingido; tente novamente amanhã.',
    ERR_WAPP_SEND_REFUSED: 'O WhatsApp recusou esta mensagem: ela não foi entregue.',
  },
  en: {
    ERR_NO_OTHER_WHATSAPP: 'There must be at least one default connection.',
    ERR_NO_DEF_WAPP_FOUND: 'No default connection found. Check the connections page.',
    ERR_WAPP_NOT_INITIALIZED: 'This connection is not initialized. Check the connections page.',
    ERR_WAPP_CHECK_CONTACT: 'Could not check the contact. Check the connections page.',
    ERR_WAPP_INVALID_CONTACT: 'This is not a valid number.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Could not download the media. Check the connections page.',
    ERR_INVALID_CREDENTIALS: 'Authentication error. Please try again.',
    ERR_SENDING_WAPP_MSG: 'Error sending the message. Check the connections page.',
    ERR_DELETE_WAPP_MSG: 'Could not delete the message.',
    ERR_OTHER_OPEN_TICKET: 'There is already an open ticket for this contact.',
    ERR_SESSION_EXPIRED: 'Session expired. Please sign in.',
    ERR_USER_CREATION_DISABLED: 'User creation has been disabled by the administrator.',
    ERR_NO_PERMISSION: 'You do not have permission to access this resource.',
    ERR_DUPLICATED_CONTACT: 'A contact with this number already exists.',
    ERR_NO_SETTING_FOUND: 'No setting found with this key.',
    ERR_NO_CONTACT_FOUND: 'No contact found with this ID.',
    ERR_NO_TICKET_FOUND: 'No ticket found with this ID.',
    ERR_NO_USER_FOUND: 'No user found with this ID.',
    ERR_NO_WAPP_FOUND: 'No connection found with this ID.',
    ERR_CREATING_MESSAGE: 'Error while creating the message.',
    ERR_CREATING_TICKET: 'Error while creating the ticket.',
    ERR_FETCH_WAPP_MSG: 'Error fetching the message. It may be too old.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'This colour is already in use, pick another one.',
    ERR_WAPP_GREETING_REQUIRED: 'The greeting message is required when there is more than one sector.',
    ERR_USER_CREATION_COUNT: 'The attendant limit has been reached.',
    ERR_CONNECTION_CREATION_COUNT: 'The connection limit has been reached.',
    ERR_NO_TAG_FOUND: 'No tag found with this ID.',
    ERR_OUT_OF_HOURS: 'Outside of working hours.',
    ERR_MEDIA_TOO_LARGE: 'The file is too large.',
    ERR_UPLOAD_TOO_LARGE: 'Too many or too large files in one send.',
    ERR_VALIDATION: 'Some fields are invalid.',
    ERR_DUPLICATED_EMAIL: 'A user with this email already exists.',
    ERR_LAST_ADMIN: 'The last administrator cannot be removed or demoted.',
    ERR_TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
    ERR_NOT_FOUND: 'Not found.',
    ERR_INVALID_TOKEN: 'Your session is no longer valid. Please sign in.',
    ERR_INTERNAL: 'Internal server error. Please try again later.',
    ERR_IMPORT_RUNNING: 'An import is already running.',
    ERR_NETWORK: 'The server could not be reached. Check your connection.',
    ERR_PAIRING_CODE_INVALID: 'No connection waits for this code on this number.',
    ERR_CLOUD_WINDOW_CLOSED: 'More than 24 hours since the customer last wrote: only an approved template can be sent.',
    ERR_CLOUD_AUTH: 'Meta refused the connection\'s access token. An administrator must update it.',
    ERR_CLOUD_RATE_LIMIT: 'Meta is limiting messages for now. It will be sent again automatically.',
    ERR_CLOUD_UNAVAILABLE: 'WhatsApp was temporarily unavailable. It will be sent again automatically.',
    ERR_CLOUD_UNDELIVERABLE: 'WhatsApp could not deliver it to this customer (no WhatsApp account, or not reachable).',
    ERR_CLOUD_MEDIA: 'WhatsApp refused the file (type or size not accepted).',
    ERR_CLOUD_TEMPLATE: 'The template does not exist, is not approved, or its variables do not match.',
    ERR_CLOUD_ACCOUNT: 'The WhatsApp business account is restricted (policy, payment or registration). Check it at Meta.',
    ERR_CLOUD_INVALID: 'WhatsApp refused the message as invalid.',
    ERR_CLOUD_NOT_CONFIGURED: 'The Cloud API account of this connection is not configured.',
    ERR_TICKET_CONFLICTING_UPDATE: 'The ticket cannot do both at once: return it to the queue, or transfer it to another sector.',
    ERR_DATABASE_UNAVAILABLE: 'The system cannot save changes right now. Nothing was changed; please try again in a moment.',
    ERR_DELIVERY_IN_PROGRESS: 'This delivery is being sent right now; try again in a moment.',
    ERR_QUOTED_MSG_NOT_FOUND: 'The quoted message is not in this conversation. Nothing was sent.',
    ERR_WEBHOOK_PRIVATE_TARGET: 'This address is on this machine or a private network; this installation does not send webhooks to it.',
    ERR_UPLOAD_QUOTA: 'The daily limit of files sent through this chat has been reached; try again tomorrow.',
    ERR_WAPP_SEND_REFUSED: 'WhatsApp refused this message: it was not delivered.',
  },
  es: {
    ERR_NO_OTHER_WHATSAPP: 'Debe haber al menos una conexión predeterminada.',
    ERR_NO_DEF_WAPP_FOUND: 'No se encontró una conexión predeterminada. Revise la página de conexiones.',
    ERR_WAPP_NOT_INITIALIZED: 'Esta conexión no está inicializada. Revise la página de conexiones.',
    ERR_WAPP_CHECK_CONTACT: 'No se pudo verificar el contacto. Revise la página de conexiones.',
    ERR_WAPP_INVALID_CONTACT: 'Este no es un número válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'No se pudo descargar el archivo. Revise la página de conexiones.',
    ERR_INVALID_CREDENTIALS: 'Error de autenticación. Por favor, inténtelo de nuevo.',
    ERR_SENDING_WAPP_MSG: 'Error al enviar el mensaje. Revise la página de conexiones.',
    ERR_DELETE_WAPP_MSG: 'No se pudo eliminar el mensaje.',
    ERR_OTHER_OPEN_TICKET: 'Ya existe un ticket abierto para este contacto.',
    ERR_SESSION_EXPIRED: 'Sesión expirada. Por favor, inicie sesión.',
    ERR_USER_CREATION_DISABLED: 'El administrador deshabilitó la creación de usuarios.',
    ERR_NO_PERMISSION: 'No tiene permiso para acceder a este recurso.',
    ERR_DUPLICATED_CONTACT: 'Ya existe un contacto con este número.',
    ERR_NO_SETTING_FOUND: 'No se encontró ninguna configuración con esta clave.',
    ERR_NO_CONTACT_FOUND: 'No se encontró ningún contacto con este ID.',
    ERR_NO_TICKET_FOUND: 'No se encontró ningún ticket con este ID.',
    ERR_NO_USER_FOUND: 'No se encontró ningún usuario con este ID.',
    ERR_NO_WAPP_FOUND: 'No se encontró ninguna conexión con este ID.',
    ERR_CREATING_MESSAGE: 'Error al crear el mensaje.',
    ERR_CREATING_TICKET: 'Error al crear el ticket.',
    ERR_FETCH_WAPP_MSG: 'Error al obtener el mensaje. Puede que sea demasiado antiguo.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Este color ya está en uso, elija otro.',
    ERR_WAPP_GREETING_REQUIRED: 'El mensaje de saludo es obligatorio cuando hay más de un sector.',
    ERR_USER_CREATION_COUNT: 'Se alcanzó el límite de agentes.',
    ERR_CONNECTION_CREATION_COUNT: 'Se alcanzó el límite de conexiones.',
    ERR_NO_TAG_FOUND: 'No se encontró ninguna etiqueta con este ID.',
    ERR_OUT_OF_HOURS: 'Fuera del horario laboral.',
    ERR_MEDIA_TOO_LARGE: 'El archivo es demasiado grande.',
    ERR_UPLOAD_TOO_LARGE: 'Demasiados archivos o demasiado grandes en un solo envío.',
    ERR_VALIDATION: 'Algunos campos no son válidos.',
    ERR_DUPLICATED_EMAIL: 'Ya existe un usuario con este correo.',
    ERR_LAST_ADMIN: 'El último administrador no puede ser eliminado ni degradado.',
    ERR_TOO_MANY_REQUESTS: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
    ERR_NOT_FOUND: 'No encontrado.',
    ERR_INVALID_TOKEN: 'Su sesión ya no es válida. Por favor, inicie sesión.',
    ERR_INTERNAL: 'Error interno del servidor. Inténtelo más tarde.',
    ERR_IMPORT_RUNNING: 'Ya hay una importación en curso.',
    ERR_NETWORK: 'No se pudo contactar con el servidor. Revise su conexión.',
    ERR_PAIRING_CODE_INVALID: 'Ninguna conexión espera este código en este número.',
    ERR_CLOUD_WINDOW_CLOSED: 'Pasaron más de 24 horas desde el último mensaje del cliente: solo se puede enviar una plantilla aprobada.',
    ERR_CLOUD_AUTH: 'Meta rechazó el token de acceso de la conexión. Un administrador debe actualizarlo.',
    ERR_CLOUD_RATE_LIMIT: 'Meta está limitando los mensajes por ahora. Se reenviará automáticamente.',
    ERR_CLOUD_UNAVAILABLE: 'WhatsApp no estuvo disponible por un momento. Se reenviará automáticamente.',
    ERR_CLOUD_UNDELIVERABLE: 'WhatsApp no pudo entregarlo a este cliente (sin cuenta de WhatsApp o inalcanzable).',
    ERR_CLOUD_MEDIA: 'WhatsApp rechazó el archivo (tipo o tamaño no aceptado).',
    ERR_CLOUD_TEMPLATE: 'La plantilla no existe, no está aprobada o sus variables no coinciden.',
    ERR_CLOUD_ACCOUNT: 'La cuenta de WhatsApp Business está restringida (política, pago o registro). Revísela en Meta.',
    ERR_CLOUD_INVALID: 'WhatsApp rechazó el mensaje por no ser válido.',
    ERR_CLOUD_NOT_CONFIGURED: 'La cuenta de la Cloud API de esta conexión no está configurada.',
    ERR_TICKET_CONFLICTING_UPDATE: 'El ticket no puede hacer ambas cosas a la vez: devuélvalo a la cola o transfiéralo a otro sector.',
    ERR_DATABASE_UNAVAILABLE: 'El sistema no puede guardar cambios ahora. No se cambió nada; inténtelo de nuevo en un momento.',
    ERR_DELIVERY_IN_PROGRESS: 'Esta entrega se está enviando ahora; inténtelo de nuevo en un momento.',
    ERR_QUOTED_MSG_NOT_FOUND: 'El mensaje citado no está en esta conversación. No se envió nada.',
    ERR_WEBHOOK_PRIVATE_TARGET: 'Esta dirección está en esta máquina o en una red privada; esta instalación no envía webhooks a ella.',
    ERR_UPLOAD_QUOTA: 'Se alcanzó el límite diario de archivos enviados por este chat; inténtelo de nuevo mañana.',
    ERR_WAPP_SEND_REFUSED: 'WhatsApp rechazó este mensaje: no se entregó.',
  },
};

/**
 * The shared zod schemas (and a few server checks) speak the spec's wording, in whatever language
 * the spec gives it ('Too Short!', 'Mensagem muito curta', 'Selecione uma fila'). A person never
 * reads that wording directly: each known message maps to one key of VALIDATION_MESSAGES.
 */
const KEY_BY_MESSAGE: Record<string, ValidationKey> = {
  [MSG.required]: 'required',
  [MSG.tooShort]: 'tooShort',
  [MSG.tooLong]: 'tooLong',
  [MSG.invalidEmail]: 'invalidEmail',
  [MSG.invalidTime]: 'invalidTime',
  [INVALID_NUMBER]: 'invalidNumber',
  [TAG_MSG.required]: 'required',
  [TAG_MSG.tooShort]: 'tooShort',
  [TAG_MSG.tooLong]: 'tooLong',
  [TAG_MSG.invalidColor]: 'invalidColor',
  [WEBHOOK_MSG.invalidUrl]: 'invalidUrl',
  [WEBHOOK_MSG.chooseEvent]: 'chooseEvent',
  [WEBHOOK_MSG.secretTooShort]: 'secretTooShort',
  [WEBCHAT_MSG.invalidSite]: 'invalidSite',
  [WEBCHAT_MSG.invalidColor]: 'invalidColor',
  // Messages of server-side checks (ERR_VALIDATION answers).
  'Invalid option': 'invalidOption',
  'Invalid time zone': 'invalidTimeZone',
  'Invalid value': 'invalidValue',
  'Invalid id': 'invalidValue',
  'Selecione uma fila': 'selectSector',
  'Unknown sector': 'unknownSector',
  'Parametrize o filtro': 'noFilter',
  [NAME_TAKEN.sector]: 'sectorNameTaken',
  [NAME_TAKEN.tag]: 'tagNameTaken',
  [NAME_TAKEN.connection]: 'connectionNameTaken',
};

/** The VALIDATION_MESSAGES key of a known validation message, or undefined. */
export function validationKeyOf(message: string): ValidationKey | undefined {
  return Object.prototype.hasOwnProperty.call(KEY_BY_MESSAGE, message) ? KEY_BY_MESSAGE[message] : undefined;
}

/** Every key validationKeyOf can give (each must exist in every language). */
export const VALIDATION_KEYS_IN_USE: readonly ValidationKey[] = [...new Set(Object.values(KEY_BY_MESSAGE))];

/**
 * 'pt-BR,pt;q=0.9,en;q=0.8' → 'pt': the first supported language of an Accept-Language header,
 * by quality; undefined when none is supported.
 */
export function preferredMessageLanguage(acceptLanguage: string | undefined): MessageLanguage | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((x) => x.base).find((b): b is MessageLanguage => (MESSAGE_LANGUAGES as readonly string[]).includes(b));
}
