import { removeSeededTemplate } from "./seeded-data.mjs";

/** After the run: the seeded template its servers were copied from (seeded-data.mjs) goes. */
export default function globalTeardown() {
  removeSeededTemplate();
}
