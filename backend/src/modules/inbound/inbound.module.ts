import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { ColumnMappingsModule } from '../column-mappings/index.js';
import { MailModule } from '../mail/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { ShipmentsModule } from '../shipments/index.js';
import { InboundMailbox } from './entities/inbound-mailbox.entity.js';
import { InboundMessage } from './entities/inbound-message.entity.js';
import { InboundLimits } from './inbound-limits.js';
import { InboundMailService } from './inbound-mail.service.js';
import { InboundReplies } from './inbound-replies.service.js';
import { InboundRecords } from './inbound.repository.js';
import { InboundService } from './inbound.service.js';
import { ReceiverBeacon } from './receiver-beacon.js';

/**
 * Mail-in (decision 0069): the companies' addresses and the messages taken. The Inbound card's routes
 * are the API root module's (InboundController); the SMTP receiver is the worker root module's.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([InboundMailbox, InboundMessage]),
    ActivityModule,
    ColumnMappingsModule,
    MailModule,
    MarketplaceModule,
    ShipmentsModule,
  ],
  providers: [
    InboundRecords,
    InboundService,
    InboundMailService,
    InboundReplies,
    InboundLimits,
    ReceiverBeacon,
  ],
  exports: [InboundService, InboundMailService, InboundReplies, InboundLimits, ReceiverBeacon],
})
export class InboundModule {}
