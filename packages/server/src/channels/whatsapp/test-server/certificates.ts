/**
 * The certificate chain the test server presents in its Noise server hello. baileys checks
 * (Utils/noise-handler.js:126-147): the leaf is signed by the intermediate's key, the intermediate
 * by WA_CERT_DETAILS.PUBLIC_KEY, and the intermediate's issuerSerial equals WA_CERT_DETAILS.SERIAL (0).
 *
 * The chain is made here with a test root key; `trustTestRoot` makes baileys trust that root (the
 * only change to baileys, and only inside the test process), so nothing depends on baileys
 * skipping a signature check.
 */
import { Curve, proto, WA_CERT_DETAILS, type KeyPair } from 'baileys';

export interface TestCertificates {
  root: KeyPair;
  certChain: Uint8Array;
}

export function makeCertificateChain(serverStatic: KeyPair, root: KeyPair = Curve.generateKeyPair()): TestCertificates {
  const intermediateKey = Curve.generateKeyPair();
  const now = Math.floor(Date.now() / 1000);
  const intermediateDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 1,
    issuerSerial: WA_CERT_DETAILS.SERIAL,
    key: intermediateKey.public,
    notBefore: now - 60,
    notAfter: now + 86_400,
  }).finish();
  const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: 2,
    issuerSerial: 1,
    key: serverStatic.public,
    notBefore: now - 60,
    notAfter: now + 86_400,
  }).finish();
  const certChain = proto.CertChain.encode({
    intermediate: { details: intermediateDetails, signature: Curve.sign(root.private, intermediateDetails) },
    leaf: { details: leafDetails, signature: Curve.sign(intermediateKey.private, leafDetails) },
  }).finish();
  return { root, certChain };
}

/** Makes baileys (in this process) trust the test root instead of WhatsApp's (Defaults/index.js:28). */
export function trustTestRoot(root: KeyPair): void {
  (WA_CERT_DETAILS as { PUBLIC_KEY: Buffer }).PUBLIC_KEY = Buffer.from(root.public);
}
