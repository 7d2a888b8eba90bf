"""TypeError: Cannot create a consistent method resolution order (MRO) / metaclass conflict from user mixins."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import abc
import enum
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
print("registering components", flush=True)


class Component:
    def describe(self):
        return type(self).__name__


class LoggingMixin(Component):
    def log(self, msg):
        print(f"[{self.describe()}] {msg}")


class Step(abc.ABC):
    @abc.abstractmethod
    def run(self):
        ...


if V == 0:
    class Trainer(Component, LoggingMixin):
        pass
elif V == 1:
    class Exporter(object, LoggingMixin):
        pass
else:
    class Stage(Step, enum.Enum):
        PREPARE = "prepare"
        TRAIN = "train"
print("components ready")
