/** Baseline (a): a bare node:http hello world, the machine's ceiling for one Node process. */
import { serve } from "./serve.js";

serve((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  response.end("hello world");
});
