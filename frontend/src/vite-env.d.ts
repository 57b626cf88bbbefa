/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where analytics events are POSTed; unset means analytics is a no-op. */
  readonly VITE_ANALYTICS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
