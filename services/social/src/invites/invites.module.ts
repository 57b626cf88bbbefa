import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FollowsModule } from '../follows/follows.module';
import { UsersModule } from '../users/users.module';
import { Invite } from './invite.entity';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';

@Module({
  imports: [TypeOrmModule.forFeature([Invite]), UsersModule, FollowsModule],
  controllers: [InvitesController],
  providers: [InvitesService],
})
export class InvitesModule {}
