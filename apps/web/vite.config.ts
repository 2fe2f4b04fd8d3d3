import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  ssr: {
    // MUI ships ESM that Node resolves badly without help; bundle it into the server build.
    noExternal: [/^@mui\//],
  },
  build: { assetsInlineLimit: 0 },
});
