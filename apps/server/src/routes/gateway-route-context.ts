// What the gateway's routes (sign, verify, analytics, manifests, assets, badges) receive on top of
// the shared route context: the gateway services, and the reader of uploads.
import type { UploadReader } from '../http/upload-reader.ts';
import type { GatewayServices } from '../services/create-gateway-services.ts';
import type { RouteContext } from './route-context.ts';

export interface GatewayRouteContext extends RouteContext {
  gateway: GatewayServices;
  /** Reads upload bodies within the server's memory budget. */
  uploads: UploadReader;
}

