import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/http/auth.decorators.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { CurrentUserView } from '../auth/index.js';
import { CompanySetupService } from './company-setup.service.js';
import { CreateCompanyDto } from './dto/create-company.dto.js';

@ApiTags('company')
@Controller('company')
export class CompaniesController {
  constructor(private readonly companies: CompanySetupService) {}

  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: CurrentUserView })
  create(@Auth() auth: AuthContext, @Body() body: CreateCompanyDto): Promise<CurrentUserView> {
    return this.companies.create(auth, body.name);
  }
}
