import type { ServiceRuntime } from '@inv/shared/runtime';
import type { DeliverySettings, DeliveryWorker } from '../delivery/worker';
import type { SecretBox } from '../domain/secret-box';

/** What the notifications use cases work with: the service runtime, the secrets' box and the delivery worker. */
export interface Notifications extends ServiceRuntime {
  box: SecretBox;
  delivery: DeliverySettings;
  worker: Pick<DeliveryWorker, 'kick'>;
}
