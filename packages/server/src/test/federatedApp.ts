import type { BuildOptions } from '../app.js';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from './harness.js';
import { startTlsServer, trustTestCertificate, type TlsServer } from './tls.js';

/** Federation on, no background worker (tests deliver when they choose), loopback peers allowed. */
export const testFederation = {
  enabled: true,
  worker: false,
  pollMs: 60_000,
  maxAttempts: 3,
  allowPrivateAddresses: true,
  authorizedFetch: false,
  fetchTimeoutSeconds: 5,
  inboxQueuePerActor: 20,
  inboxQueuePerServer: 200,
  unavailableAfterDays: 7,
};

export interface FederatedApp {
  server: TlsServer;
  t: TestApp;
  /** host:port, as peers see the instance */
  host: string;
  close(): Promise<void>;
}

/** An Askbox with federation on, served over https on loopback with the test certificate, as peers reach it. */
export async function startFederatedApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<FederatedApp> {
  trustTestCertificate();
  const server = await startTlsServer();
  const t = await createTestApp({ publicUrl: server.origin, federation: testFederation, ...overrides }, options);
  server.handle((req, res) => t.app.routing(req, res));
  return {
    server,
    t,
    host: new URL(server.origin).host,
    close: async () => {
      await t.close();
      await server.close();
    },
  };
}
