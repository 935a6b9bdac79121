"""Writes the three rings of a one-machine Swift: part power 6, one replica, one device each.

  python3 rings.py SWIFT_DIR account=PORT container=PORT object=PORT

One Python process for all three, where swift-ring-builder takes nine (create, add, rebalance each): seconds saved on
every test run's start.
"""
import os
import sys

from swift.common.ring import RingBuilder

swift_dir, *servers = sys.argv[1:]
for server in servers:
    name, port = server.split('=')
    builder = RingBuilder(6, 1, 1)
    builder.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port), 'device': 'd1', 'weight': 100})
    builder.rebalance()
    builder.get_ring().save(os.path.join(swift_dir, f'{name}.ring.gz'))
