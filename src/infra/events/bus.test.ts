import { createInProcessEventBus } from "./bus.js";
import { describeEventBusContract } from "../../../test/support/contracts/bus.js";

// One process: both "instances" are the same bus.
describeEventBusContract("in-process", () => {
  const bus = createInProcessEventBus();
  return [bus, bus];
});
