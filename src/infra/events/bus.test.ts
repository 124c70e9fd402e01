import { createInProcessEventBus } from "./bus.js";
import { describeEventBusContract } from "./bus.contract.js";

// One process: both "instances" are the same bus.
describeEventBusContract("in-process", () => {
  const bus = createInProcessEventBus();
  return [bus, bus];
});
