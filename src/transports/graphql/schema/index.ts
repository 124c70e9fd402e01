import { builder } from "../builder.js";
import "./scalars.js";
import "./agent.js";

export const schema = builder.toSchema();
