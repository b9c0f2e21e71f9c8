import GemNavCore
