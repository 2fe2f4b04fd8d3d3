import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  ssr: {
    // MUI ships ESM that Node resolves badly without help; bundle it into the server build.
    noExternal: [/^@mui\//],
  },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 30,
                },
                {
                  name: "mui-base",
                  test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|stylis|clsx|react-transition-group|@babel[\\/]runtime|prop-types|react-is|hoist-non-react-statics)[\\/]/,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
    },
  },
});
