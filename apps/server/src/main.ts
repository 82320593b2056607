import { buildApp, createContext } from './app.ts';
import { EnvError, parseEnv } from './env.ts';

async function main() {
  const env = parseEnv();
  const context = await createContext(env);
  const app = await buildApp(context);
  await context.startJobs();
  await app.listen({ port: env.PORT, host: env.HOST });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close(); // stops accepting, lets requests in flight finish
    await context.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof EnvError) console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
});
