// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/ordered_dict.h (interface; bodies simplified)
// COPY torch/csrc/api/include/torch/ordered_dict.h 1-10
// COPY torch/csrc/api/include/torch/ordered_dict.h 12-14
  class Item;

// COPY torch/csrc/api/include/torch/ordered_dict.h 21-22

  explicit OrderedDict(std::string key_description = "Key");

  OrderedDict(const OrderedDict& other);

  OrderedDict& operator=(const OrderedDict& other);

// COPY torch/csrc/api/include/torch/ordered_dict.h 39-42

  /*implicit */ OrderedDict(std::initializer_list<Item> initializer_list);

// COPY torch/csrc/api/include/torch/ordered_dict.h 49-51

  Item& front();

  const Item& front() const;

  Item& back();

  const Item& back() const;

  Item& operator[](size_t index);

  const Item& operator[](size_t index) const;

  Value& operator[](const Key& key);

// COPY torch/csrc/api/include/torch/ordered_dict.h 85-87

  Value* find(const Key& key) noexcept;

  const Value* find(const Key& key) const noexcept;

// COPY torch/csrc/api/include/torch/ordered_dict.h 98-100

  Iterator begin() {
    return items_.begin();
  }

  ConstIterator begin() const {
    return items_.begin();
  }

  Iterator end() {
    return items_.end();
  }

  ConstIterator end() const {
    return items_.end();
  }

  // Capacity

  size_t size() const noexcept {
    return items_.size();
  }

  bool is_empty() const noexcept {
    return items_.empty();
  }

// COPY torch/csrc/api/include/torch/ordered_dict.h 126-128

// COPY torch/csrc/api/include/torch/ordered_dict.h 133-134

  Value& insert(Key key, Value&& value);

  void update(OrderedDict&& other);

  void update(const OrderedDict& other);

  void erase(const Key& key);

  void clear();

  // Observers

  const std::vector<Item>& items() const noexcept {
    return items_;
  }

  ::std::vector<Key> keys() const;

  ::std::vector<Value> values() const;

  ::std::vector<std::pair<Key, Value>> pairs() const;

// COPY torch/csrc/api/include/torch/ordered_dict.h 175-180
  ::std::unordered_map<Key, size_t> index_;

  ::std::vector<Item> items_;

  ::std::string key_description_{"Key"};
};

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ OrderedDict::Item
// COPY torch/csrc/api/include/torch/ordered_dict.h 192-195
  Item(Key key, Value value) : pair_(std::move(key), std::move(value)) {}

  Value& operator*() {
    return value();
  }

  const Value& operator*() const {
    return value();
  }

  Value* operator->() {
    return &value();
  }

// COPY torch/csrc/api/include/torch/ordered_dict.h 225-227

// COPY torch/csrc/api/include/torch/ordered_dict.h 230-232

  Value& value() noexcept {
    return pair_.second;
  }

// COPY torch/csrc/api/include/torch/ordered_dict.h 240-242

// COPY torch/csrc/api/include/torch/ordered_dict.h 245-249
  ::std::pair<Key, Value> pair_;
};
// COPY torch/csrc/api/include/torch/ordered_dict.h 256-261
// COPY torch/csrc/api/include/torch/ordered_dict.h 374-375
  items_.emplace_back(std::forward<K>(key), std::forward<V>(value));
  return items_.back().value();
}

} // namespace torch
