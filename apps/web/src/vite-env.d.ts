/// <reference types="vite/client" />

/** The release this bundle was built as, `<package version>+<build id>`; also written to /version.json. */
declare const __APP_VERSION__: string;
