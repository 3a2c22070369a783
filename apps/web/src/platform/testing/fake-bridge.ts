// A fake Capacitor native bridge for unit tests. Installed on globalThis before @capacitor/core loads,
// it makes Capacitor believe it runs inside the Android (or iOS) shell: every plugin call then goes
// through `nativePromise`/`nativeCallback` exactly as on a device, and lands in the handlers given
// here, so the platform modules are tested through the real Capacitor plugin proxies.
export type NativeHandler = (options: Record<string, unknown>) => unknown;

export interface BridgeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
}

export interface FakeBridge {
  calls: BridgeCall[];
  /** Replaces (or adds) the handler of one plugin method. */
  handle(plugin: string, method: string, handler: NativeHandler): void;
  /** Fires a native event to the listeners a plugin registered with addListener. */
  emit(plugin: string, eventName: string, data: unknown): void;
  /** Calls recorded for one plugin method, in order. */
  callsTo(plugin: string, method: string): Record<string, unknown>[];
}

type NativeCallback = (data: unknown, error?: unknown) => void;

interface BridgeGlobal {
  androidBridge?: unknown;
  webkit?: unknown;
  Capacitor?: unknown;
}

export function installFakeBridge(platform: 'android' | 'ios', plugins: Record<string, Record<string, NativeHandler>>): FakeBridge {
  const handlers = new Map<string, NativeHandler>();
  const listeners = new Map<string, { eventName: string; callback: NativeCallback }>();
  const calls: BridgeCall[] = [];
  let nextCallbackId = 1;
  for (const [plugin, methods] of Object.entries(plugins)) for (const [method, handler] of Object.entries(methods)) handlers.set(`${plugin}.${method}`, handler);

  const headers = Object.entries(plugins).map(([name, methods]) => ({
    name,
    methods: [
      ...Object.keys(methods).map((method) => ({ name: method, rtype: 'promise' })),
      { name: 'addListener', rtype: 'callback' },
      { name: 'removeListener', rtype: 'promise' },
      { name: 'removeAllListeners', rtype: 'promise' },
    ],
  }));

  const global = globalThis as unknown as BridgeGlobal;
  if (platform === 'android') global.androidBridge = {};
  else global.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  global.Capacitor = {
    PluginHeaders: headers,
    async nativePromise(plugin: string, method: string, options: Record<string, unknown> = {}): Promise<unknown> {
      calls.push({ plugin, method, options });
      if (method === 'removeListener') {
        listeners.delete(`${plugin}:${String(options.callbackId)}`);
        return undefined;
      }
      const handler = handlers.get(`${plugin}.${method}`);
      if (!handler) throw new Error(`${plugin}.${method} has no fake native handler`);
      return handler(options);
    },
    nativeCallback(plugin: string, method: string, options: Record<string, unknown>, callback: NativeCallback): string {
      calls.push({ plugin, method, options });
      const id = String(nextCallbackId++);
      listeners.set(`${plugin}:${id}`, { eventName: String(options.eventName), callback });
      return id;
    },
  };

  return {
    calls,
    handle: (plugin, method, handler) => void handlers.set(`${plugin}.${method}`, handler),
    emit(plugin, eventName, data) {
      for (const [id, entry] of listeners) if (id.startsWith(`${plugin}:`) && entry.eventName === eventName) entry.callback(data);
    },
    callsTo: (plugin, method) => calls.filter((call) => call.plugin === plugin && call.method === method).map((call) => call.options),
  };
}
