import type { EventStore, Subscription } from '../event-store';
import { describeAppendContract } from './append-contract';
import type { ContractContext, EventStoreContractCapabilities } from './contract-helpers';
import { describeReadContract } from './read-contract';
import { describeSubscriptionContract } from './subscription-contract';

export type { EventStoreContractCapabilities } from './contract-helpers';

export interface EventStoreUnderTest {
  store: EventStore;
  dispose(): Promise<void>;
}

/**
 * The behaviour every EventStore adapter owes the port, run by each adapter's spec. One store
 * serves the whole suite; tests keep apart by writing to streams nobody else uses.
 */
export function describeEventStoreContract(
  name: string,
  createStore: () => Promise<EventStoreUnderTest>,
  capabilities: EventStoreContractCapabilities = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    let underTest: EventStoreUnderTest | undefined;
    const subscriptions: Subscription[] = [];
    const ctx: ContractContext = {
      capabilities,
      store: () => {
        if (!underTest) throw new Error('The store under test is not ready');
        return underTest.store;
      },
      track: (subscription) => {
        subscriptions.push(subscription);
        return subscription;
      },
    };

    beforeAll(async () => {
      underTest = await createStore();
    }, 60_000);

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    });

    afterAll(async () => {
      await underTest?.dispose();
    }, 60_000);

    describeAppendContract(ctx);
    describeReadContract(ctx);
    describeSubscriptionContract(ctx);
  });
}
