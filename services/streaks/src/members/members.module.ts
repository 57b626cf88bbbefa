import { Module } from '@nestjs/common';
import { MembersConsumer } from './members.consumer';
import { MembersService } from './members.service';

@Module({
  controllers: [MembersConsumer],
  providers: [MembersService],
  exports: [MembersService],
})
export class MembersModule {}
