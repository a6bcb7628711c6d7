// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { InboundModule } from './inbound.module.js';
export { InboundMailbox } from './entities/inbound-mailbox.entity.js';
export { InboundMessage } from './entities/inbound-message.entity.js';
export {
  InboundSftpErrorFile,
  InboundSftpFile,
  InboundSftpHostKey,
  InboundSftpKey,
  InboundSftpLogin,
} from './entities/inbound-sftp.entities.js';
export { InboundService } from './inbound.service.js';
export { InboundSmtpReceiver, MAX_MESSAGE_BYTES } from './inbound-smtp.receiver.js';
export { ReceiverBeacon, type ReceiverKind } from './receiver-beacon.js';
export { InboundSftpServer } from './sftp/sftp-server.js';
