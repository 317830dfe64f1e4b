/**
 * The restore drill of `npm run test:docker` (docker/test/run.mjs): what a backup must bring back,
 * seen through the app's API. `fill` gives an installation tickets with text, an image from the
 * customer, a document and a voice note from the attendant (the recording converted by the image's
 * ffmpeg); `inventory` lists every ticket, message and media file (with its sha256) so the
 * restored installation can be compared with the original.
 */
import { createHash } from 'node:crypto';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns something truthy, or fails with `what` after `seconds`. */
export async function until(what, probe, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(500);
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

/** The API of the app at `base` (http://127.0.0.1:port), as one signed-in user once `signIn` ran. */
export function client(base) {
  let token;
  async function call(method, url, body) {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body && !form ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? (form ? body : JSON.stringify(body)) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
  return {
    base,
    call,
    async healthy(seconds = 180) {
      await until(`${base}/api/health`, async () => (await fetch(`${base}/api/health`)).ok, seconds);
    },
    async signIn(email, password) {
      token = (await call('POST', '/api/auth/login', { email, password })).token;
    },
    /** The bytes behind a message's mediaUrl (a signed link, relative or absolute). */
    async download(mediaUrl) {
      const res = await fetch(new URL(mediaUrl, base));
      if (!res.ok) throw new Error(`GET ${mediaUrl}: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

export const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** One second of a 440 Hz tone as 16-bit mono PCM WAV: a recording ffmpeg must turn into Ogg/Opus. */
export function wavTone(seconds = 1, rate = 16000) {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

/** A PNG header and random bytes: the customer's "photo", with a checksum no other file shares. */
function photo() {
  const data = Buffer.alloc(30_000);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(Math.random() * 256);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

function document() {
  const data = Buffer.alloc(40_000, 0x20);
  data.write(`%PDF-1.4\n% ${Math.random()}\n`, 0, 'latin1');
  return data;
}

/**
 * Pairs a simulator phone with a new connection of `api`'s installation, has a customer write (a
 * text and a photo), answers (a text, a document, a voice note) and waits until the customer's phone
 * has the answers. Resolves to the ticket.
 */
export async function fill(api, { phone, customer, label }) {
  const connection = await api.call('POST', '/api/whatsapp', { name: `${label} phone`, channel: 'simulator' });
  const qrcode = await until('a QR code', async () => {
    const c = await api.call('GET', `/api/whatsapp/${connection.id}`);
    return c.status === 'qrcode' && c.qrcode;
  });
  await api.call('POST', '/api/simulator/scan', { qrcode, number: phone });
  await until(
    'the connection to be CONNECTED',
    async () => (await api.call('GET', `/api/whatsapp/${connection.id}`)).status === 'CONNECTED',
  );

  const hello = `Hello from ${label}`;
  await api.call('POST', '/api/simulator/messages', { from: customer, to: phone, name: `${label} customer`, body: hello });
  const ticket = await until('the customer message to open a ticket', async () => {
    const { tickets } = await api.call('GET', `/api/tickets?status=pending&showAll=true&searchParam=${customer}`);
    return tickets.find((t) => t.lastMessage === hello);
  });
  await api.call('POST', '/api/simulator/messages', {
    from: customer,
    to: phone,
    type: 'image',
    body: 'my photo',
    media: { mimetype: 'image/png', filename: 'photo.png', data: photo().toString('base64') },
  });
  await api.call('POST', `/api/messages/${ticket.id}`, { body: `Answered in ${label}` });

  const doc = new FormData();
  doc.set('body', '');
  doc.append('medias', new Blob([document()], { type: 'application/pdf' }), 'invoice.pdf');
  await api.call('POST', `/api/messages/${ticket.id}`, doc);

  const voice = new FormData();
  voice.set('body', '');
  voice.set('voiceNote', 'true');
  voice.append('medias', new Blob([wavTone()], { type: 'audio/wav' }), 'recording.wav');
  const [note] = [await api.call('POST', `/api/messages/${ticket.id}`, voice)].flat();
  if (note.mediaType !== 'audio') throw new Error(`the voice note was stored as ${note.mediaType}`);

  await until('the answers to reach the customer', async () => {
    const chat = await api.call('GET', `/api/simulator/chats/${customer}?to=${phone}`);
    const sent = chat.filter((m) => m.sender === 'connection');
    return (
      sent.some((m) => m.body === `Answered in ${label}`) && sent.some((m) => m.type === 'document') && sent.some((m) => m.type === 'audio')
    );
  });
  // The photo is stored once the app has fetched it from the phone: the inventory needs it there.
  const audio = await until('the photo and the voice note in the ticket', async () => {
    const { messages } = await api.call('GET', `/api/messages/${ticket.id}`);
    return messages.some((m) => m.mediaType === 'image' && m.mediaUrl) && messages.find((m) => m.mediaType === 'audio' && m.mediaUrl);
  });
  const ogg = await api.download(audio.mediaUrl);
  if (ogg.subarray(0, 4).toString('latin1') !== 'OggS') throw new Error('the voice note was not converted to Ogg/Opus');
  return ticket;
}

/**
 * Every ticket (of every status) and every message of each, media files by sha256: a plain object
 * two installations can be compared by.
 */
export async function inventory(api) {
  const tickets = [];
  for (const status of ['pending', 'open', 'closed']) {
    const page = await api.call('GET', `/api/tickets?status=${status}&showAll=true`);
    if (page.hasMore) throw new Error('more tickets than one page: the drill expects a small installation');
    tickets.push(...page.tickets);
  }
  tickets.sort((a, b) => a.id - b.id);
  const out = { tickets: [], messages: 0, media: 0 };
  for (const ticket of tickets) {
    const page = await api.call('GET', `/api/messages/${ticket.id}`);
    if (page.hasMore) throw new Error(`more messages in ticket ${ticket.id} than one page`);
    const messages = [];
    for (const m of [...page.messages].sort((a, b) => String(a.id).localeCompare(String(b.id)))) {
      const media = m.mediaUrl ? sha256(await api.download(m.mediaUrl)) : null;
      if (media) out.media += 1;
      messages.push({ id: m.id, fromMe: m.fromMe, body: m.body, mediaType: m.mediaType ?? null, media });
    }
    out.messages += messages.length;
    out.tickets.push({ id: ticket.id, status: ticket.status, contact: ticket.contact?.number ?? null, messages });
  }
  return out;
}

/** Fails with the first difference between two inventories. */
export function assertSameInventory(before, after, what) {
  const a = JSON.stringify(before, null, 1);
  const b = JSON.stringify(after, null, 1);
  if (a === b) return;
  const left = a.split('\n');
  const right = b.split('\n');
  const line = left.findIndex((l, i) => l !== right[i]);
  throw new Error(`${what}: the restored installation differs at line ${line + 1}: ${left[line]} != ${right[line]}`);
}
