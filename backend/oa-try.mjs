import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
register('./scripts/lib/ts-hooks.mjs', pathToFileURL('/work/wt/27/'));
const t = Date.now();
const { NestFactory } = await import('@nestjs/core');
const { DocumentBuilder, SwaggerModule } = await import('@nestjs/swagger');
const { loadConfig } = await import('/work/wt/27/backend/src/common/config/index.ts');
const { AppModule } = await import('/work/wt/27/backend/src/app.module.ts');
const config = loadConfig({ ...process.env, LOCAL_STATE_DIR: '/tmp/oa27', WORKER_MODE: 'api' });
const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false, abortOnError: false });
app.setGlobalPrefix('api');
const doc = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('x').build());
console.log(Object.keys(doc.paths).length, 'paths', Date.now() - t, 'ms');
let n=0, missing=[];
for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) { n++; const ok = Object.entries(op.responses||{}).some(([c, r]) => /^2/.test(c) && r.content); if (!ok) missing.push(m.toUpperCase()+' '+p+' '+Object.keys(op.responses||{}).join(',')); }
console.log(n, 'ops;', missing.length, 'without 2xx content'); console.log(missing.join('\n'));
