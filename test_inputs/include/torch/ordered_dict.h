// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/ordered_dict.h (interface; bodies simplified)
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace torch {
template <typename Key, typename Value>
class OrderedDict {
 public:
  class Item;

  using Iterator = typename std::vector<Item>::iterator;
  using ConstIterator = typename std::vector<Item>::const_iterator;

  explicit OrderedDict(std::string key_description = "Key");

  OrderedDict(const OrderedDict& other);

  OrderedDict& operator=(const OrderedDict& other);

  OrderedDict(OrderedDict&& other) = default;
  OrderedDict& operator=(OrderedDict&& other) = default;

  ~OrderedDict() = default;

  /*implicit */ OrderedDict(std::initializer_list<Item> initializer_list);

  const std::string& key_description() const noexcept;

  // Element Access

  Item& front();

  const Item& front() const;

  Item& back();

  const Item& back() const;

  Item& operator[](size_t index);

  const Item& operator[](size_t index) const;

  Value& operator[](const Key& key);

  const Value& operator[](const Key& key) const;

  // Lookup

  Value* find(const Key& key) noexcept;

  const Value* find(const Key& key) const noexcept;

  bool contains(const Key& key) const noexcept;

  // Iterators

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

  void reserve(size_t requested_capacity);

  // Modifiers

  template <typename K, typename V>
  Value& insert(K&& key, V&& value);

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

  template <typename K, typename V>
  friend bool operator==(
      const OrderedDict<K, V>& a,
      const OrderedDict<K, V>& b);

 private:
  ::std::unordered_map<Key, size_t> index_;

  ::std::vector<Item> items_;

  ::std::string key_description_{"Key"};
};

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ OrderedDict::Item

template <typename Key, typename Value>
class OrderedDict<Key, Value>::Item {
 public:
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

  const Value* operator->() const {
    return &value();
  }

  const Key& key() const noexcept {
    return pair_.first;
  }

  Value& value() noexcept {
    return pair_.second;
  }

  const Value& value() const noexcept {
    return pair_.second;
  }

  const std::pair<Key, Value>& pair() const noexcept {
    return pair_;
  }

 private:
  ::std::pair<Key, Value> pair_;
};

template <typename Key, typename Value>
OrderedDict<Key, Value>::OrderedDict(std::string key_description)
    : key_description_(std::move(key_description)) {}

template <typename Key, typename Value>
template <typename K, typename V>
Value& OrderedDict<Key, Value>::insert(K&& key, V&& value) {
  items_.emplace_back(std::forward<K>(key), std::forward<V>(value));
  return items_.back().value();
}

} // namespace torch
