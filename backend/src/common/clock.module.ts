import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';
import { Shutdown } from './shutdown.js';

/** Process-wide singletons every module may inject: the clock and the shutdown flag. */
@Global()
@Module({ providers: [Clock, Shutdown], exports: [Clock, Shutdown] })
export class ClockModule {}
