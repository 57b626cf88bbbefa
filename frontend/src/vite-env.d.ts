/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * A third-party analytics collector (one POST per event); unset: the gateway's first-party
   * collector, batched; `off`: nothing is sent (ADR 0033).
   */
  readonly VITE_ANALYTICS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
