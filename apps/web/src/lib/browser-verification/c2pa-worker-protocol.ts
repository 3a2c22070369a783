// The messages between the page (c2pa-sdk.ts) and the c2pa-rs worker (c2pa-worker.ts).

export type C2paWorkerRequest =
  /** Reads a file's manifest store: c2pa-rs's JSON and crJSON, and a handle for its resources. */
  | { id: number; kind: 'open'; wasmUrl: string; file: Blob; format: string; settings: string }
  | { id: number; kind: 'resource'; handle: number; uri: string }
  | { id: number; kind: 'free'; handle: number };

export interface OpenedStore {
  handle: number;
  /** c2pa-rs's manifest store JSON, as text. */
  json: string;
  /** c2pa-rs's crJSON, as text. */
  crJson: string;
}

export type C2paWorkerReply =
  | { id: number; ok: true; value: OpenedStore | Uint8Array | null }
  | { id: number; ok: false; error: string };
