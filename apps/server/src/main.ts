import { startServer, startupFailureText } from './server.ts';

async function main() {
  // The signals are heard from the first moment: the server answers while its jobs are still starting.
  const starting = startServer();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const server = await starting.catch(() => undefined); // a failed start is reported and exits below
    if (!server) return;
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await starting;
}

main().catch((error) => {
  process.stderr.write(startupFailureText(error));
  process.exit(1);
});
