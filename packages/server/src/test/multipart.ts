/** Multipart bodies for upload tests, built by hand so a test controls every byte. */
export interface FilePart {
  name?: string;
  filename: string;
  data: Buffer;
  type: string;
}

export function multipart(fields: Record<string, string>, files: FilePart[], boundary = `----sb${Date.now().toString(16)}`) {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'medias'}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PDF-looking document of `size` bytes (its type is read from the content). */
export function pdf(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20);
  data.write('%PDF-1.4\n', 0, 'latin1');
  return data;
}
