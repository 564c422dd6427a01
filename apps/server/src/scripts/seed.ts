import { openDatabase } from '../db/client';
import { seedDemoData } from '../seed/seed-demo-data';
import { seedDemoPortfolio } from '../seed/seed-demo-portfolio';
import { loadEnv } from '../env';

// Loads the demo data into any database (embedded or PostgreSQL); rows that exist already are kept.
const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const added = await seedDemoData(database.db, undefined, (line) => console.log(line));
const portfolio = await seedDemoPortfolio(database.db, (line) => console.log(line));
await database.close();
console.log(
  `Demo data loaded into ${database.shape}: ${added.studies} studies, ${added.schedulesOfEvents} Schedules of Events, ${added.siteGroups} site groups, ${added.quickLinks} quick links, ${portfolio} completed studies added.`,
);
