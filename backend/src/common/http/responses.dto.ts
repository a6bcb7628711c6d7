import { ApiProperty } from '@nestjs/swagger';

/** `{ ok: true }`: the change was made. */
export class OkView {
  @ApiProperty({ enum: [true] }) ok: true;
}

/** `{ message }`: what happened, in words. */
export class MessageView {
  @ApiProperty() message: string;
}
