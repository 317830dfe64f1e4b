/**
 * A TLS certificate for the test server's media host (127.0.0.1), made once for tests with
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
 *     -subj /CN=switchboard-test-media -addext subjectAltName=IP:127.0.0.1
 * baileys uploads media over HTTPS only (Utils/messages-media.js getWAUploadToServer builds
 * `https://${hostname}…`), so the media host needs one. Not a secret: it guards nothing.
 */
export const MEDIA_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBqTCCAU6gAwIBAgIUNTb80OcRT6B2y9/94lON/XiaD5MwCgYIKoZIzj0EAwIw
ITEfMB0GA1UEAwwWc3dpdGNoYm9hcmQtdGVzdC1tZWRpYTAeFw0yNjExMjMwMjQx
NDBaFw0zNjExMjAwMjQxNDBaMCExHzAdBgNVBAMMFnN3aXRjaGJvYXJkLXRlc3Qt
bWVkaWEwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQc8o4vu+f6pMVY/KgmkGfS
gyZhU6cGD2px/5D8nGDEyw/OKSsAZipkwVFudMcRVCjO8dsrVRhn10AoOBeoTpsA
o2QwYjAdBgNVHQ4EFgQUvuzK5v0xCR6vuqwtxsdok/TjziwwHwYDVR0jBBgwFoAU
vuzK5v0xCR6vuqwtxsdok/TjziwwDwYDVR0TAQH/BAUwAwEB/zAPBgNVHREECDAG
hwR/AAABMAoGCCqGSM49BAMCA0kAMEYCIQCqUh2qV4Yj9lGQ0E1AhBLZfDxsjjRv
DzeUWUe+VsbmwQIhAPBkdygaFJcT9Y9ZjDOEWIStiXGTujExnWTZP1CTeCRu
-----END CERTIFICATE-----
`;

export const MEDIA_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFTNtAAlnP65FRUZx
NySjCrcWU/HjLtGioBi9oGS/E1ChRANCAAQc8o4vu+f6pMVY/KgmkGfSgyZhU6cG
D2px/5D8nGDEyw/OKSsAZipkwVFudMcRVCjO8dsrVRhn10AoOBeoTpsA
-----END PRIVATE KEY-----
`;
