import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../common/http/auth-context.js';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'Warehouse ERP', description: 'A name to tell the key apart (1-100 characters)' })
  @IsString({ message: 'name is required: a name to tell the key apart' })
  @MaxLength(100, { message: 'name must be at most 100 characters' })
  @Matches(/\S/, { message: 'name is required: a name to tell the key apart' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['shipments:write', 'shipments:read'] })
  @IsArray({ message: 'scopes must be a list such as ["shipments:write"]' })
  @ArrayMinSize(1, { message: 'scopes must name at least one scope' })
  @ArrayMaxSize(API_KEY_SCOPES.length, { message: 'scopes names a scope more than once' })
  @IsIn(API_KEY_SCOPES, { each: true, message: `each scope must be one of ${API_KEY_SCOPES.join(', ')}` })
  scopes: ApiKeyScope[];
}

/** A company API key as the API keys card lists it: never the key itself. */
export class ApiKeyView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'fsk_Ab3dEf9hIj', description: 'The key’s first characters, to tell keys apart' })
  prefix: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true }) scopes: ApiKeyScope[];
  @ApiProperty({ type: String, nullable: true, description: 'Who created it (email)' })
  createdBy: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: String, nullable: true }) lastUsedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The address its last call came from' })
  lastUsedFrom: string | null;
}

/** POST /api/company/api-keys: the only answer that holds the key. */
export class CreatedApiKeyView extends ApiKeyView {
  @ApiProperty({ description: 'The whole key, shown this once: store it in the tool that will call the API' })
  key: string;
}

/** GET /api/company/api-keys. */
export class ApiKeysView {
  @ApiProperty({ type: [ApiKeyView] }) keys: ApiKeyView[];
  @ApiProperty({ description: 'How many live keys a company may have' }) limit: number;
  @ApiProperty({ description: 'Whether the caller may create and revoke keys (company admins)' })
  canManage: boolean;
}
